/**
 * The newsroom's frame: the session the admin route's `beforeLoad` checked (client side: the cookie is
 * HttpOnly and pages are rendered without it), shared with the pages, and updated by signing in and out.
 */
import { Link, type LinkProps, Outlet, useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useState } from 'react';
import { type AdminSession, newsroom } from '../../api/queries/newsroom.ts';
import { roleLabels } from './newsroomLabels.ts';

const SessionContext = createContext<{ session: AdminSession | null; setSession: (s: AdminSession | null) => void }>({
  session: null,
  setSession: () => {},
});

export const useNewsroomSession = () => useContext(SessionContext);

/** The newsroom's pages of a list (no parameter), in the menu's order, by who may open them. */
type ListPage = { to: LinkProps['to']; label: string };

const writerPages: ListPage[] = [
  { to: '/admin/quizz', label: 'Quiz' },
  { to: '/admin/popins', label: 'Popins' },
  { to: '/admin/shopping', label: 'Shopping' },
  { to: '/admin/instagram', label: 'Instagram' },
  { to: '/admin/mosaiques', label: 'Mosaïques' },
  { to: '/admin/directs/{-$id}', label: 'Directs' },
  { to: '/admin/concours', label: 'Concours' },
  { to: '/admin/best-of', label: 'Best-of' },
  { to: '/admin/generateurs', label: 'Générateurs' },
  { to: '/admin/citations', label: 'Citations' },
  { to: '/admin/audience', label: 'Audience' },
];

const editorPages: ListPage[] = [
  { to: '/admin/rubriques', label: 'Rubriques' },
  { to: '/admin/redirections', label: 'Redirections' },
  { to: '/admin/medias', label: 'Médiathèque' },
  { to: '/admin/sondages', label: 'Sondages' },
  { to: '/admin/lettres', label: 'Newsletter' },
];

const adminPages: ListPage[] = [
  { to: '/admin/comptes', label: 'Comptes' },
  { to: '/admin/journal', label: 'Journal' },
  { to: '/admin/import', label: 'Import' },
];

function NavLinks({ links }: { links: ListPage[] }) {
  return links.map((link) => (
    <Link key={link.label} to={link.to} className="underline-offset-4 hover:underline">
      {link.label}
    </Link>
  ));
}

export function NewsroomShell({ session: checked }: { session: AdminSession | null }) {
  const [session, setSession] = useState<AdminSession | null>(checked);
  // A new check (another navigation, after signing in) replaces what the frame holds.
  const [lastChecked, setLastChecked] = useState(checked);
  if (checked !== lastChecked) {
    setLastChecked(checked);
    setSession(checked);
  }
  const navigate = useNavigate();

  const signOut = async () => {
    await newsroom.signOut();
    setSession(null);
    await navigate({ to: '/admin/connexion' });
  };

  return (
    <SessionContext.Provider value={{ session, setSession }}>
      <div className="min-h-screen bg-white text-encre">
        <header className="border-b-2 border-encre bg-creme">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
            <p className="font-display text-xl font-bold">
              Piquante <span className="text-piment-dark">· Rédaction</span>
            </p>
            {session?.staff.mustChangePassword ? (
              <button type="button" onClick={signOut} className="ml-auto rounded border-2 border-encre px-3 py-1 text-sm font-bold">
                Se déconnecter
              </button>
            ) : session ? (
              <nav aria-label="Rédaction" className="flex flex-1 flex-wrap items-center gap-4">
                <Link to="/admin" className="underline-offset-4 hover:underline" activeOptions={{ exact: true }}>
                  Articles
                </Link>
                <Link to="/admin/articles/$id" params={{ id: 'nouveau' }} className="underline-offset-4 hover:underline">
                  Nouvel article
                </Link>
                <NavLinks links={writerPages} />
                {session.staff.role === 'admin' || session.staff.role === 'editor' ? <NavLinks links={editorPages} /> : null}
                {session.staff.role === 'admin' ? <NavLinks links={adminPages} /> : null}
                <Link to="/admin/compte" className="ml-auto text-sm underline-offset-4 hover:underline">
                  {session.staff.name} ({roleLabels[session.staff.role]})
                </Link>
                <button type="button" onClick={signOut} className="rounded border-2 border-encre px-3 py-1 text-sm font-bold">
                  Se déconnecter
                </button>
              </nav>
            ) : null}
          </div>
        </header>
        <main id="contenu" className="mx-auto max-w-6xl px-4 py-6">
          <Outlet />
        </main>
      </div>
    </SessionContext.Provider>
  );
}
