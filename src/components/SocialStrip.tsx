import { FacebookIcon, InstagramIcon } from './icons.tsx';
import { socialLinks } from './ShareLinks.tsx';

const icons = { Instagram: InstagramIcon, Facebook: FacebookIcon } as const;

/** SPEC §2: a social media strip. */
export function SocialStrip() {
  return (
    <section aria-labelledby="social-strip-title" className="social-strip border-y-2 border-encre bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-6 md:flex-row">
        <h2 id="social-strip-title" className="font-display text-2xl font-black italic">
          Suivez-nous, ça pique (un peu)
        </h2>
        <ul className="flex gap-3">
          {socialLinks.map(({ name, href }) => {
            const Icon = icons[name];
            return (
              <li key={name}>
                <a
                  href={href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-encre px-4 py-2 font-bold transition hover:bg-encre hover:text-white"
                >
                  <Icon size={20} />
                  {name}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
