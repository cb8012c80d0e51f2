import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { plainHead } from '../lib/seo/seo.ts';

/** The newsroom's code is a chunk of its own (and Tiptap another): it never reaches readers' pages. */
const NewsroomShell = lazy(() => import('../features/newsroom/NewsroomShell.tsx').then((m) => ({ default: m.NewsroomShell })));

/**
 * '/admin': the newsroom (issue 15). Rendered in the browser only (ssr: false): what it shows depends on
 * the staff session, whose cookie pages are never rendered with; never indexed, never cached.
 */
export const Route = createFileRoute('/admin')({
  ssr: false,
  staticData: { backOffice: true },
  head: () => plainHead('Rédaction'),
  /**
   * The session, checked before any newsroom page loads: without one, to the sign-in page (which brings the
   * person back here). The calls are a chunk of their own: readers never download them.
   */
  beforeLoad: async ({ location }) => {
    // Signing in and « Mot de passe oublié ? » open without a session.
    if (location.pathname === '/admin/connexion' || location.pathname.startsWith('/admin/mot-de-passe-oublie')) return { session: null };
    const { newsroom } = await import('../api/queries/newsroom.ts');
    const session = await newsroom.session();
    if (!session) throw redirect({ to: '/admin/connexion', search: { retour: location.href } });
    // A provisional password opens nothing but the page that replaces it (the server refuses the rest).
    if (session.staff.mustChangePassword && location.pathname !== '/admin/mot-de-passe') throw redirect({ to: '/admin/mot-de-passe' });
    return { session };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { session } = Route.useRouteContext();
  return (
    <Suspense fallback={<p className="p-6">Chargement de la rédaction…</p>}>
      <NewsroomShell session={session} />
    </Suspense>
  );
}
