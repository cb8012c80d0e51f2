/**
 * The newsroom's frame: the session the admin route's `beforeLoad` checked (client side: the cookie is
 * HttpOnly and pages are rendered without it), shared with the pages, and updated by signing in and out.
 */
import { Link, type LinkProps, Outlet, useNavigate } from '@tanstack/react-router';
import { createContext, type KeyboardEvent, type MouseEvent, useContext, useEffect, useRef, useState } from 'react';
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
  { to: '/admin/directs', label: 'Directs' },
  { to: '/admin/concours', label: 'Concours' },
  { to: '/admin/best-of', label: 'Best-of' },
  { to: '/admin/generateurs', label: 'Générateurs' },
  { to: '/admin/citations', label: 'Citations' },
  { to: '/admin/audience', label: 'Audience' },
];

const editorPages: ListPage[] = [
  { to: '/admin/rubriques', label: 'Rubriques' },
  { to: '/admin/auteurs', label: 'Auteurs' },
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
  // Below 768 px the menu is a drawer: hidden until « Menu » opens it, closed by Escape or by following a link.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    if (menuOpen) menu.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen]);
  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) closeMenu(true);
  };
  const onMenuClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) closeMenu(false);
  };

  const signOut = async () => {
    await newsroom.signOut();
    setSession(null);
    await navigate({ to: '/admin/connexion' });
  };

  return (
    <SessionContext.Provider value={{ session, setSession }}>
      <div className="newsroom min-h-screen bg-white text-encre">
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
              <>
                <button
                  ref={menuButton}
                  type="button"
                  aria-expanded={menuOpen}
                  aria-controls="menu-redaction"
                  onClick={() => setMenuOpen(!menuOpen)}
                  className="ml-auto rounded border-2 border-encre px-3 py-1 text-sm font-bold md:hidden"
                >
                  Menu
                </button>
                {menuOpen ? (
                  <div aria-hidden="true" className="fixed inset-0 z-40 bg-encre/50 md:hidden" onClick={() => closeMenu(true)} />
                ) : null}
                <nav
                  ref={menu}
                  id="menu-redaction"
                  aria-label="Rédaction"
                  onKeyDown={onMenuKey}
                  onClick={onMenuClick}
                  className={`${menuOpen ? 'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col items-start gap-3 overflow-y-auto bg-creme p-4 shadow-lg' : 'hidden'} md:static md:z-auto md:flex md:w-auto md:max-w-none md:flex-1 md:flex-row md:flex-wrap md:items-center md:gap-4 md:overflow-visible md:bg-transparent md:p-0 md:shadow-none`}
                >
                  <Link to="/admin" className="underline-offset-4 hover:underline" activeOptions={{ exact: true }}>
                    Articles
                  </Link>
                  <Link to="/admin/articles/$id" params={{ id: 'nouveau' }} className="underline-offset-4 hover:underline">
                    Nouvel article
                  </Link>
                  <NavLinks links={writerPages} />
                  {session.staff.role === 'admin' || session.staff.role === 'editor' ? <NavLinks links={editorPages} /> : null}
                  {session.staff.role === 'admin' ? <NavLinks links={adminPages} /> : null}
                  <Link to="/admin/compte" className="text-sm md:ml-auto underline-offset-4 hover:underline">
                    {session.staff.name} ({roleLabels[session.staff.role]})
                  </Link>
                  <button type="button" onClick={signOut} className="rounded border-2 border-encre px-3 py-1 text-sm font-bold">
                    Se déconnecter
                  </button>
                </nav>
              </>
            ) : null}
          </div>
        </header>
        {/* While the drawer is open the page behind it is out of reach (focus, screen readers), as under a dialog. */}
        <main id="contenu" inert={menuOpen} className="mx-auto max-w-6xl px-4 py-6">
          <Outlet />
        </main>
      </div>
    </SessionContext.Provider>
  );
}
