import { appConfig } from '../../app.config.ts';
import { FacebookIcon, MailIcon, WhatsappIcon, XIcon } from './icons.tsx';

/**
 * An address or a title as a query value: percent-encoded, except the ":" and "/" a query may hold as they are
 * (RFC 3986 §3.4): the page's address is in every share link, twice on an article page (issue 22).
 */
const queryValue = (value: string) => encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2F/g, '/');

/**
 * Share icons (SPEC §2 footer, quiz results): plain links to each network's share page.
 * Nothing is loaded from those networks until the reader clicks. `noreferrer` implies `noopener` (HTML's link
 * types); the e-mail link opens the mail program, where neither applies.
 */
export function ShareLinks({ url, title, tone = 'light' }: { url: string; title: string; tone?: 'light' | 'dark' }) {
  const u = queryValue(url);
  const t = queryValue(title);
  const targets = [
    { label: 'Partager sur Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, Icon: FacebookIcon },
    { label: 'Partager sur X', href: `https://x.com/intent/post?url=${u}&text=${t}`, Icon: XIcon },
    { label: 'Partager sur WhatsApp', href: `https://wa.me/?text=${t}%20${u}`, Icon: WhatsappIcon },
    { label: 'Partager par e-mail', href: `mailto:?subject=${t}&body=${u}`, Icon: MailIcon },
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Partager">
      {targets.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            {...(href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noreferrer' })}
            className={tone === 'dark' ? 'share-link share-link-dark' : 'share-link'}
          >
            <Icon size={18} />
            <span className="sr-only">{label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export const socialLinks = [
  { name: 'Instagram', href: appConfig.site.instagramUrl },
  { name: 'Facebook', href: appConfig.site.facebookUrl },
] as const;
