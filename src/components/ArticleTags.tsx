import { Link } from '@tanstack/react-router';
import type { Tag } from '../api/types.ts';

const chip = 'inline-flex min-h-11 items-center rounded-full border-2 border-encre px-4 py-1.5 text-sm font-bold';
const linkChip = `${chip} transition hover:bg-encre hover:text-white`;

/**
 * An article's public tags, below its body, each a link to its tag page. The web-view variants keep readers
 * inside '/app-<short name>', where there is no tag page: there the tags are shown without links.
 */
export function ArticleTags({ tags, linked = true }: { tags: readonly Tag[]; linked?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Tags" className="mt-10">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            {linked ? (
              <Link to="/tag/$slug" params={{ slug: tag.slug }} className={linkChip}>
                {tag.name}
              </Link>
            ) : (
              <span className={chip}>{tag.name}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
