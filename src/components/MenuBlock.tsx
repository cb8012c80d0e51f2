import { Link } from '@tanstack/react-router';
import { ArrowIcon, InstagramIcon, MailIcon, PhoneIcon } from './icons.tsx';

/** SPEC §2: a menu block with links to the app, the newsletter and Instagram. */
export function MenuBlock({ newsletterHref = '/inscription/menu' }: { newsletterHref?: string }) {
  const tile =
    'group flex h-full items-center gap-4 rounded-2xl p-5 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:-translate-y-0.5';
  return (
    <nav aria-label="Piquante partout" className="menu-block">
      <ul className="grid gap-4 md:grid-cols-3">
        <li>
          <Link to="/app" className={`${tile} bg-encre text-white`}>
            <PhoneIcon size={32} />
            <span className="flex-1">
              <span className="block font-display text-xl font-bold">L'appli mobile</span>
              <span className="block text-sm text-white/85">Piquante dans la poche, notifs comprises.</span>
            </span>
            <ArrowIcon className="transition group-hover:translate-x-1" />
          </Link>
        </li>
        <li>
          <a href={newsletterHref} className={`${tile} bg-piment text-white`}>
            <MailIcon size={32} />
            <span className="flex-1">
              <span className="block font-display text-xl font-bold">La newsletter</span>
              <span className="block text-sm text-white/90">Le meilleur de la semaine, chaque vendredi.</span>
            </span>
            <ArrowIcon className="transition group-hover:translate-x-1" />
          </a>
        </li>
        <li>
          <Link to="/instagram" className={`${tile} bg-piment-light text-encre`}>
            <InstagramIcon size={32} />
            <span className="flex-1">
              <span className="block font-display text-xl font-bold">Instagram</span>
              <span className="block text-sm text-encre/80">Nos coulisses, nos looks, vos réactions.</span>
            </span>
            <ArrowIcon className="transition group-hover:translate-x-1" />
          </Link>
        </li>
      </ul>
    </nav>
  );
}
