/**
 * The words of the consent configuration (consent.config.ts): what each purpose is for, who each vendor
 * is, which cookies they set and for how long. Read by the consent manager's preferences and by the
 * privacy policy page, never by every page (a module of its own keeps it out of the shared bundle).
 */
import type { ConsentDeployment, CookieDescription, PurposeDescription, PurposeId, VendorAlias } from './consent.config.ts';

export const consentDescriptions = {
  policyDate: '23 novembre 2026',
  purposes: {
    necessary: {
      label: 'Indispensables',
      description: 'Le cookie qui retient vos choix. Il ne sert à rien d’autre et ne peut pas être refusé.',
      readOnly: true,
    },
    marketing: {
      label: 'Popins de la rédaction',
      description: 'Retenir que vous avez fermé une popin (newsletter, sondage, bons plans) pour ne pas vous la remontrer tout de suite.',
    },
    analytics: {
      label: 'Mesure d’audience',
      description:
        'Compter les pages lues pour savoir quels articles vous plaisent. L’outil est hébergé pour Piquante ; les données ne sont ni revendues ni croisées.',
    },
    security: {
      label: 'Protection anti-robot par Google',
      description:
        'Google reCAPTCHA vérifie que les inscriptions à la newsletter viennent de personnes. Si vous refusez, une vérification hébergée par Piquante, sans cookie, la remplace.',
    },
  } satisfies Record<PurposeId, PurposeDescription>,
  consentCookie: {
    name: 'piquante_consent',
    pattern: /^piquante_consent$/,
    lifetime: '6 mois',
    role: 'Retient vos choix de cookies et l’identifiant aléatoire de leur preuve.',
  } satisfies CookieDescription,
  vendors: {
    app: {
      label: 'Piquante (popins de la rédaction)',
      cookies: [
        {
          name: 'regie_<empreinte>',
          pattern: /^regie_/,
          lifetime:
            '1 jour après la fermeture de la popin ; après une inscription depuis la popin, la durée fixée par la rédaction pour cette popin (30 jours à 1 an)',
          role: 'Retient qu’une popin a été fermée ou a servi, pour ne pas la remontrer.',
        },
      ],
    },
    analytics: {
      label: 'Mesure d’audience (Matomo ou Plausible, hébergé pour Piquante)',
      cookies: [
        { name: '_pk_id.*', pattern: /^_pk_id/, lifetime: '13 mois', role: 'Matomo : reconnaît un navigateur d’une visite à l’autre.' },
        { name: '_pk_ses.*', pattern: /^_pk_ses/, lifetime: '30 minutes', role: 'Matomo : regroupe les pages d’une même visite.' },
      ],
    },
    recaptcha: {
      label: 'Google reCAPTCHA',
      cookies: [
        {
          name: '_GRECAPTCHA',
          pattern: /^_GRECAPTCHA$/,
          lifetime: '6 mois',
          role: 'Google : analyse du risque de robot (déposé par google.com).',
        },
      ],
    },
  } satisfies Record<VendorAlias, { label: string; cookies: readonly CookieDescription[] }>,
} as const;

/** Cookies a vendor may set, for the policy page; Plausible sets none. */
export function cookiesOf(alias: VendorAlias, deployment: ConsentDeployment): readonly CookieDescription[] {
  if (alias === 'analytics' && deployment.analytics === 'plausible') return [];
  return consentDescriptions.vendors[alias].cookies;
}
