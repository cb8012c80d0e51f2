import { Link, useRouter } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A link to a category page. A category whose slug is also a page of its own ('/shopping') links to
 * that page's route directly, so the router never builds '/$slug' for a path another route owns.
 */
export function CategoryLink({
  slug,
  className,
  style,
  children,
}: {
  slug: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const router = useRouter();
  const path = `/${slug}`;
  if (path in router.routesByPath) {
    return (
      <Link to={path as '/'} className={className} style={style}>
        {children}
      </Link>
    );
  }
  return (
    <Link to="/$slug" params={{ slug }} className={className} style={style}>
      {children}
    </Link>
  );
}
