/**
 * Every French sentence the newsletter endpoints answer with, in one place so that the wording can be
 * reviewed (and kept identical across refactors) without reading the handlers.
 */
import { appConfig } from '../../../app.config.ts';
import type { TokenOutcome } from '../../api/types.ts';
import type { CaptchaVerdict } from './captcha.server.ts';

export const newsletterMessages = {
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  emailTooLong: "L'adresse e-mail est trop longue.",
  disposable: "Les adresses e-mail jetables ne sont pas acceptées : merci d'utiliser votre adresse habituelle.",
  smsGateway: "Les adresses de passerelle e-mail vers SMS ne sont pas acceptées : merci d'utiliser une adresse e-mail classique.",
  postcodeRequired: 'Le code postal est obligatoire.',
  postcodeInvalid: "Le code postal n'est pas un code postal français (5 chiffres, outre-mer compris).",
  typeUnknown: "Cette newsletter n'existe pas.",
  honeypot:
    "Votre inscription n'a pas été enregistrée : un champ invisible a été rempli, ce que seuls les robots font. Si vous êtes une personne, rechargez la page et réessayez.",
  captchaMissing: "La vérification anti-robot n'a pas été faite : rechargez la page et réessayez.",
  captchaInvalid: 'La vérification anti-robot a échoué ou a expiré : rechargez la page et réessayez.',
  captchaUnavailable: "La vérification anti-robot n'a pas pu être faite : réessayez dans un instant.",
  tooManyRequests: 'Trop de tentatives, merci de réessayer dans une minute.',
  tooManyChallenges: 'Trop de vérifications anti-robot demandées, merci de réessayer dans une minute.',
  captchaQuery: 'Le paramètre « altcha » ne peut valoir que 1.',
  alreadyRegistered: appConfig.newsletter.alreadyRegistered,
  unsubscribeRequested: 'Si cette adresse est inscrite, un e-mail de confirmation vient de lui être envoyé.',
  tokenRequired: 'Le lien est incomplet : ouvrez-le de nouveau depuis l’e-mail reçu.',
  oneClickBody: 'Le corps attendu est « List-Unsubscribe=One-Click » (RFC 8058).',
} as const;

export const linkMessages: Record<'confirm' | 'unsubscribe', Record<TokenOutcome['status'], string>> = {
  confirm: {
    confirmed: `C'est confirmé ! Bienvenue dans la newsletter ${appConfig.site.name}.`,
    'already-confirmed': 'Ce lien a déjà servi : votre inscription est déjà confirmée.',
    unsubscribed: 'Cette adresse est désinscrite.',
    'already-unsubscribed': 'Cette adresse est désinscrite.',
    expired: `Ce lien de confirmation a expiré (il était valable ${appConfig.newsletter.confirmLinkDays} jours). Inscrivez-vous à nouveau pour en recevoir un nouveau.`,
    invalid: "Ce lien de confirmation n'est pas valide. Vérifiez qu'il est complet, ou inscrivez-vous à nouveau.",
  },
  unsubscribe: {
    confirmed: 'Cette adresse est inscrite.',
    'already-confirmed': 'Cette adresse est inscrite.',
    unsubscribed: "C'est fait, vous êtes désinscrit. Vous ne recevrez plus la newsletter.",
    'already-unsubscribed': 'Ce lien a déjà servi : cette adresse est déjà désinscrite.',
    expired: `Ce lien de désinscription a expiré (il était valable ${appConfig.newsletter.unsubscribeLinkDays} jours). Refaites la demande sur la page de désinscription.`,
    invalid:
      "Ce lien de désinscription n'est pas valide. Vérifiez qu'il est complet, ou refaites la demande sur la page de désinscription.",
  },
};

export const captchaVerdictMessages: Record<Exclude<CaptchaVerdict, 'ok'>, string> = {
  missing: newsletterMessages.captchaMissing,
  invalid: newsletterMessages.captchaInvalid,
  unavailable: newsletterMessages.captchaUnavailable,
};
