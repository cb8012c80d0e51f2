import { Link } from '@tanstack/react-router';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from './icons.tsx';
import { socialLinks } from './ShareLinks.tsx';

const icons = { Instagram: InstagramIcon, Facebook: FacebookIcon } as const;
const item = 'side-media-link';

/** SPEC §2: the side media bar (wide screens): social networks, the app and the newsletter. */
export function SideMediaBar() {
  return (
    <nav aria-label="Réseaux et services" className="side-media-bar">
      <ul>
        {socialLinks.map(({ name, href }) => {
          const Icon = icons[name];
          return (
            <li key={name}>
              <a href={href} rel="noopener noreferrer" target="_blank" className={item}>
                <Icon size={20} />
                <span className="sr-only">{name}</span>
              </a>
            </li>
          );
        })}
        <li>
          <Link to="/app" className={item}>
            <PhoneIcon size={20} />
            <span className="sr-only">L'appli mobile</span>
          </Link>
        </li>
        <li>
          <a href="/inscription/side-bar" className={item}>
            <MailIcon size={20} />
            <span className="sr-only">La newsletter</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
