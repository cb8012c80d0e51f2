import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type Props = {
  /** The trail's last step after « Accueil »: a link (the article's category) or the page's own title. */
  last: ReactNode;
  /** The last step is the page being read (announced as such), not a link to go up. */
  lastIsCurrent?: boolean;
};

/** « Accueil / … » above a page's title. */
export function Breadcrumb({ last, lastIsCurrent = false }: Props) {
  return (
    <nav aria-label="Fil d'Ariane" className="text-sm text-encre/75">
      <ol className="flex flex-wrap gap-1">
        <li>
          <Link to="/" className="hover:underline">
            Accueil
          </Link>
          <span aria-hidden="true"> / </span>
        </li>
        <li aria-current={lastIsCurrent ? 'page' : undefined}>{last}</li>
      </ol>
    </nav>
  );
}
