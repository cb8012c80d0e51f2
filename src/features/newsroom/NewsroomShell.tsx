/**
 * The newsroom's frame: checks the session once (client side: the cookie is HttpOnly and pages are rendered
 * without it), sends to the sign-in page without one, and shares the signed-in person with the pages.
 */
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState } from 'react';
import { type AdminSession, newsroom } from '../../api/queries/newsroom.ts';
import { roleLabels } from './newsroomLabels.ts';

const SessionContext = createContext<{ session: AdminSession | null; setSession: (s: AdminSession | null) => void }>({
  session: null,
  setSession: () => {},
});

export const useNewsroomSession = () => useContext(SessionContext);

export function NewsroomShell() {
  const [session, setSession] = useState<AdminSession | null>(null);
  const [checked, setChecked] = useState(false);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const onSignIn = pathname === '/admin/connexion';

  useEffect(() => {
    let live = true;
    newsroom
      .session()
      .then((found) => {
        if (!live) return;
        setSession(found);
        setChecked(true);
      })
      .catch(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (checked && !session && !onSignIn) void navigate({ to: '/admin/connexion' });
  }, [checked, session, onSignIn, navigate]);

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
            {session ? (
              <nav aria-label="Rédaction" className="flex flex-1 flex-wrap items-center gap-4">
                <Link to="/admin" className="underline-offset-4 hover:underline" activeOptions={{ exact: true }}>
                  Articles
                </Link>
                <Link to="/admin/articles/$id" params={{ id: 'nouveau' }} className="underline-offset-4 hover:underline">
                  Nouvel article
                </Link>
                {session.staff.role === 'admin' || session.staff.role === 'editor' ? (
                  <>
                    <Link to="/admin/rubriques" className="underline-offset-4 hover:underline">
                      Rubriques
                    </Link>
                    <Link to="/admin/medias" className="underline-offset-4 hover:underline">
                      Médiathèque
                    </Link>
                    <Link to="/admin/sondages" className="underline-offset-4 hover:underline">
                      Sondages
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
          {checked && (session || onSignIn) ? <Outlet /> : <p>Chargement…</p>}
        </main>
      </div>
    </SessionContext.Provider>
  );
}
