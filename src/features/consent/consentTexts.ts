/**
 * The consent manager's French texts, built from consent.config.ts so that the banner, the preferences
 * and the privacy policy always name the same purposes, vendors and cookies.
 */
import type CookieConsent from 'vanilla-cookieconsent';
import { activeVendors, type ConsentDeployment, consentConfig, type PurposeId } from '../../../consent.config.ts';
import { consentDescriptions, cookiesOf } from '../../../consent.descriptions.ts';
import { activePurposes } from '../../lib/consent/consentState.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function consentTranslation(deployment: ConsentDeployment): CookieConsent.Translation {
  const vendors = activeVendors(deployment);
  const section = (purpose: PurposeId): CookieConsent.Section => {
    const cookies = [
      ...(purpose === 'necessary' ? [consentDescriptions.consentCookie] : []),
      ...vendors.filter((alias) => consentConfig.vendors[alias].purpose === purpose).flatMap((alias) => cookiesOf(alias, deployment)),
    ];
    return {
      title: consentDescriptions.purposes[purpose].label,
      description: escapeHtml(consentDescriptions.purposes[purpose].description),
      linkedCategory: purpose,
      ...(cookies.length > 0
        ? {
            cookieTable: {
              caption: 'Cookies',
              headers: { name: 'Nom', lifetime: 'Durée', role: 'Rôle' },
              body: cookies.map((c) => ({ name: escapeHtml(c.name), lifetime: escapeHtml(c.lifetime), role: escapeHtml(c.role) })),
            },
          }
        : {}),
    };
  };
  const measuring = deployment.analytics ? ', mesurer notre audience' : '';
  return {
    consentModal: {
      label: 'Vos choix de cookies',
      title: 'Vos choix de cookies',
      description: bannerDescription([
        `Nous aimerions retenir les popins que vous avez fermées${measuring}${deployment.recaptcha ? ' et protéger nos formulaires avec Google reCAPTCHA' : ''}.`,
        'Rien de tout cela sans votre accord : seul le cookie qui retient votre choix est déposé.',
        'Vous pouvez changer d’avis à tout moment grâce au lien « Cookies » en bas de chaque page.',
      ]),
      acceptAllBtn: 'Tout accepter',
      acceptNecessaryBtn: 'Tout refuser',
      showPreferencesBtn: 'Personnaliser',
      closeIconLabel: 'Tout refuser et fermer',
      revisionMessage:
        '<br><br>Notre politique de cookies a changé depuis votre dernier choix : merci de nous redire ce que vous acceptez.',
      footer: '<a href="/politique-confidentialite">Protection des données</a>',
    },
    preferencesModal: {
      title: 'Personnaliser mes choix',
      acceptAllBtn: 'Tout accepter',
      acceptNecessaryBtn: 'Tout refuser',
      savePreferencesBtn: 'Enregistrer mes choix',
      closeIconLabel: 'Fermer',
      serviceCounterLabel: 'service|services',
      sections: [
        {
          title: 'Vos données, vos choix',
          description: `Chaque finalité peut être acceptée ou refusée séparément. Votre choix est gardé 6 mois, puis nous vous le redemandons. Détails dans notre <a href="/politique-confidentialite">politique de protection des données</a>.`,
        },
        ...activePurposes(deployment).map(section),
      ],
    },
  };
}

/**
 * The banner's sentences, each a block of its own (consentTheme.css): shown 1 s after load on a first visit, one
 * paragraph of all three was the largest element of the first screen on the image pages, so the browser's LCP was
 * the banner's, not the page's (decision 034). Each sentence alone is smaller than a page's own first text.
 */
export function bannerDescription(sentences: readonly string[]): string {
  return sentences.map((sentence) => `<span class="cm__desc-part">${sentence}</span>`).join(' ');
}
