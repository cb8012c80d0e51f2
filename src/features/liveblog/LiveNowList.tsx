/**
 * The live blogs being covered, with their « En direct » badge, above the home's and a category's articles. Its own
 * module so those pages load this list only, not the live blog's page (its clock, polling and entries).
 */
import type { LiveBlog } from '../../api/types.ts';

export const LiveBadge = () => (
  <span className="live-badge rounded-full bg-piment px-3 py-1 text-sm font-bold uppercase text-white">En direct</span>
);

/** The home's and categories' list of live blogs being covered, each with its « En direct » badge. */
export function LiveNowList({ liveBlogs }: { liveBlogs: readonly LiveBlog[] }) {
  if (liveBlogs.length === 0) return null;
  return (
    <ul aria-label="Directs en cours" className="mb-8 grid gap-3">
      {liveBlogs.map((blog) => (
        <li key={blog.id} className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-piment p-3">
          <LiveBadge />
          <a href={`/direct/${blog.url}`} className="font-display text-xl font-bold underline-offset-4 hover:underline">
            {blog.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
