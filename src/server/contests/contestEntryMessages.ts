/** Every French sentence the contest entry endpoints answer with, in one place to review the wording. */
import { contestSettings } from './contestSettings.ts';
import type { TokenOutcome } from '../../api/types.ts';

export const contestEntryMessages = {
  recorded:
    'Votre participation est enregistrée ! Elle comptera pour le tirage au sort une fois confirmée : ouvrez le lien que nous venons de vous envoyer par e-mail.',
  recordedWithNewsletter:
    'Votre participation est enregistrée ! Confirmez-la avec le lien que nous venons de vous envoyer par e-mail ; un second e-mail vous demande de confirmer votre inscription à la newsletter.',
  alreadyEntered: 'Vous participez déjà à ce concours avec cette adresse : une seule participation par personne.',
  notStarted: "Ce concours n'a pas encore commencé : revenez à son ouverture pour participer.",
  ended: 'Ce concours est terminé : il ne prend plus de participations.',
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "L'adresse e-mail n'est pas valide.",
  emailTooLong: "L'adresse e-mail est trop longue.",
  firstNameRequired: 'Le prénom est obligatoire.',
  firstNameInvalid: 'Le prénom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes (60 caractères au plus).',
  lastNameRequired: 'Le nom est obligatoire.',
  lastNameInvalid: 'Le nom ne peut contenir que des lettres, des espaces, des tirets et des apostrophes (60 caractères au plus).',
  answerRequired: 'Répondez à la question du concours.',
  answerInvalid: 'Cette réponse ne fait pas partie de celles proposées.',
  answerTooLong: 'La réponse est trop longue (500 caractères au plus).',
  answerMarkup: 'La réponse doit être du texte simple.',
  rulesRequired: 'Pour participer, acceptez le règlement du concours.',
  checkbox: 'Une case cochée envoie « 1 ».',
  fix: 'Vérifiez les champs signalés.',
  tooManyRequests: 'Trop de tentatives, merci de réessayer dans une minute.',
  tokenRequired: 'Le lien est incomplet : ouvrez-le de nouveau depuis l’e-mail reçu.',
} as const;

export const entryLinkMessages: Record<'confirmed' | 'already-confirmed' | 'expired' | 'drawn' | 'invalid', TokenOutcome> = {
  confirmed: { status: 'confirmed', message: "C'est confirmé : votre participation compte pour le tirage au sort. Bonne chance !" },
  'already-confirmed': { status: 'already-confirmed', message: 'Ce lien a déjà servi : votre participation est déjà confirmée.' },
  expired: {
    status: 'expired',
    message: `Ce lien de confirmation a expiré (il était valable ${contestSettings.confirmLinkDays} jours) : participez à nouveau tant que le concours est en cours.`,
  },
  drawn: {
    status: 'expired',
    message: 'Le tirage au sort de ce concours a déjà eu lieu : cette participation ne peut plus être confirmée.',
  },
  invalid: {
    status: 'invalid',
    message: "Ce lien de confirmation n'est pas valide. Vérifiez qu'il est complet, ou participez à nouveau depuis la page du concours.",
  },
};
