/**
 * The newsroom's frame: the session the admin route's `beforeLoad` checked (client side: the cookie is
 * HttpOnly and pages are rendered without it), shared with the pages, and updated by signing in and out.
 */
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useState } from 'react';
import { type AdminSession, newsroom } from '../../api/queries/newsroom.ts';
import { roleLabels } from './newsroomLabels.ts';

const SessionContext = createContext<{ session: AdminSession | null; setSession: (s: AdminSession | null) => void }>({
  session: null,
  setSession: () => {},
});

export const useNewsroomSession = () => useContext(SessionContext);

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
                <Link to="/admin/quizz" className="underline-offset-4 hover:underline">
                  Quiz
                </Link>
                <Link to="/admin/popins" className="underline-offset-4 hover:underline">
                  Popins
                </Link>
                <Link to="/admin/shopping" className="underline-offset-4 hover:underline">
                  Shopping
                </Link>
                <Link to="/admin/instagram" className="underline-offset-4 hover:underline">
                  Instagram
                </Link>
                <Link to="/admin/mosaiques" className="underline-offset-4 hover:underline">
                  Mosaïques
                </Link>
                <Link to="/admin/directs" className="underline-offset-4 hover:underline">
                  Directs
                </Link>
                <Link to="/admin/concours" className="underline-offset-4 hover:underline">
                  Concours
                </Link>
                <Link to="/admin/best-of" className="underline-offset-4 hover:underline">
                  Best-of
                </Link>
                <Link to="/admin/generateurs" className="underline-offset-4 hover:underline">
                  Générateurs
                </Link>
                <Link to="/admin/citations" className="underline-offset-4 hover:underline">
                  Citations
                </Link>
                {session.staff.role === 'admin' || session.staff.role === 'editor' ? (
                  <>
                    <Link to="/admin/rubriques" className="underline-offset-4 hover:underline">
                      Rubriques
                    </Link>
                    <Link to="/admin/redirections" className="underline-offset-4 hover:underline">
                      Redirections
                    </Link>
                    <Link to="/admin/medias" className="underline-offset-4 hover:underline">
                      Médiathèque
                    </Link>
                    <Link to="/admin/sondages" className="underline-offset-4 hover:underline">
                      Sondages
                    </Link>
                    <Link to="/admin/lettres" className="underline-offset-4 hover:underline">
                      Newsletter
                    </Link>
                  </>
                ) : null}
                {session.staff.role === 'admin' ? (
                  <>
                    <Link to="/admin/comptes" className="underline-offset-4 hover:underline">
                      Comptes
                    </Link>
                    <Link to="/admin/journal" className="underline-offset-4 hover:underline">
                      Journal
                    </Link>
                    <Link to="/admin/import" className="underline-offset-4 hover:underline">
                      Import
                    </Link>
                  </>
                ) : null}
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
