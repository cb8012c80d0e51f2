/**
 * The site footer (SPEC §2): editorial links, contact links, app/newsletter/cookies/legal links, Instagram
 * and Facebook, share icons, and the slots the app composes in (the newsletter block, the typewriter).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { appConfig } from '../../../app.config.ts';
import { ChiliIcon, FacebookIcon, InstagramIcon } from '../../components/icons.tsx';
import { ShareLinks } from '../../components/ShareLinks.tsx';

/**
 * The Cookies link's hook: the consent manager (its own feature) listens for this event and opens its
 * preferences. Until it is mounted, nothing happens beyond the event.
 */
export function openConsentPreferences(): void {
  window.dispatchEvent(new CustomEvent(appConfig.consent.openPreferencesEvent));
}

export interface FooterProps {
  /** The newsletter block ('On reste en contact ?'). */
  newsletter?: ReactNode;
  /** The typewriter quotation (home and category pages only). */
  quotation?: ReactNode;
  /** Absolute URL of the current page, for the share icons. */
  shareUrl: string;
  shareTitle: string;
}

const linkClass = 'footer-link';

export function Footer({ newsletter, quotation, shareUrl, shareTitle }: FooterProps) {
  const { site } = appConfig;
  return (
    <footer className="site-footer mt-16 bg-encre text-white">
      {newsletter ? <div className="footer-newsletter border-b border-white/15">{newsletter}</div> : null}
      {quotation ? <div className="footer-quotation border-b border-white/15">{quotation}</div> : null}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 md:px-6 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex items-center gap-1 rounded-md text-white">
            <ChiliIcon size={28} />
            <span className="font-display text-3xl font-black italic">{site.name.toLowerCase()}</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm text-white/80">
            Le magazine qui pique : mode, beauté, culture, self care et bons plans, avec du caractère.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Nos réseaux">
            <li>
              <a href={site.instagramUrl} rel="noopener noreferrer" target="_blank" className="social-link">
                <InstagramIcon size={20} />
                <span className="sr-only">Instagram</span>
              </a>
            </li>
            <li>
              <a href={site.facebookUrl} rel="noopener noreferrer" target="_blank" className="social-link">
                <FacebookIcon size={20} />
                <span className="sr-only">Facebook</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="La rédaction">
          <h2 className="footer-title">La rédaction</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/mission" className={linkClass}>
                Notre mission
              </Link>
            </li>
            <li>
              <Link to="/charte-editoriale" className={linkClass}>
                Charte éditoriale
              </Link>
            </li>
            <li>
              <Link to="/equipe" className={linkClass}>
                L'équipe
              </Link>
            </li>
            <li>
              <a href={site.recruitmentUrl} rel="noopener noreferrer" target="_blank" className={linkClass}>
                Recrutement
              </a>
            </li>
            <li>
              <a href={`mailto:${site.partnersEmail}`} className={linkClass}>
                Devenir partenaire
              </a>
            </li>
            <li>
              <a href={`mailto:${site.contactEmail}`} className={linkClass}>
                Nous écrire
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2 className="footer-title">Services</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/app" className={linkClass}>
                L'appli mobile
              </Link>
            </li>
            <li>
              <a href="/inscription/footer" className={linkClass}>
                La newsletter
              </a>
            </li>
            <li>
              <Link to="/lettres" className={linkClass}>
                Les anciennes lettres
              </Link>
            </li>
            <li>
              <button type="button" onClick={openConsentPreferences} className={`${linkClass} cursor-pointer`} data-consent-preferences="">
                Cookies
              </button>
            </li>
            <li>
              <Link to="/mentions-legales" className={linkClass}>
                Mentions légales
              </Link>
            </li>
            <li>
              <Link to="/politique-confidentialite" className={linkClass}>
                Protection des données
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">Partager cette page</h2>
          <ShareLinks url={shareUrl} title={shareTitle} tone="dark" />
        </div>
      </div>
      <p className="border-t border-white/15 px-4 py-5 text-center text-xs text-white/75">
        {`© ${new Date().getFullYear()} ${site.name}. Tous droits réservés.`}
      </p>
    </footer>
  );
}
