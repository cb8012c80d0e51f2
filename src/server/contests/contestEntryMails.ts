/** The contests' mails: confirm an entry, and tell a winner. Queued with the write that asks for them. */
import { contestSettings } from './contestSettings.ts';
import { appConfig } from '../../../app.config.ts';
import { layout, type MailMessage } from '../newsletter/mailer.server.ts';

const site = appConfig.site.name;

export const contestLinks = (siteUrl: string) => ({
  confirm: (token: string) => new URL(`/concours/confirmer/${token}`, siteUrl).toString(),
  contest: (url: string) => new URL(`/concours/${url}`, siteUrl).toString(),
});

export function entryConfirmationMail(to: string, contestTitle: string, link: string): MailMessage {
  const paragraphs = [
    'Bonjour,',
    `Vous venez de participer au concours « ${contestTitle} » de ${site}. Pour que votre participation compte au tirage au sort, ouvrez ce lien puis cliquez sur « Confirmer ma participation ». Le lien est valable ${contestSettings.confirmLinkDays} jours.`,
    "Si vous n'avez pas participé, ignorez simplement ce message : sans confirmation, cette participation ne compte pas et sera effacée.",
  ];
  return {
    to,
    subject: `Confirmez votre participation au concours « ${contestTitle} »`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(paragraphs, { href: link, label: 'Confirmer ma participation' }),
  };
}

export function winnerMail(to: string, firstName: string, contest: { title: string; prize: string }, link: string): MailMessage {
  const paragraphs = [
    `Bonjour ${firstName},`,
    `Bonne nouvelle : le tirage au sort du concours « ${contest.title} » de ${site} vous a désigné parmi les gagnants ! Vous gagnez : ${contest.prize}.`,
    'Répondez à ce message avec votre adresse postale pour recevoir votre lot. Sur la page du concours, seuls votre prénom et l’initiale de votre nom apparaissent.',
  ];
  return {
    to,
    subject: `Vous avez gagné le concours « ${contest.title} » !`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(paragraphs, { href: link, label: 'Voir le concours' }),
  };
}
