/** The « Mot de passe oublié ? » mail and its link (to the newsroom's page that chooses the new password). */
import { appConfig } from '../../../../app.config.ts';
import { layout, type MailMessage } from '../../newsletter/mailer.server.ts';

export const passwordResetLink = (siteUrl: string, token: string) => new URL(`/admin/mot-de-passe-oublie/${token}`, siteUrl).toString();

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const minutes = appConfig.newsroom.passwordResetMinutes;
  const paragraphs = [
    `Bonjour ${name},`,
    `Quelqu’un (vous, sans doute) a demandé à changer le mot de passe de votre compte de la rédaction de ${appConfig.site.name}. Ouvrez ce lien pour en choisir un nouveau : il est valable ${minutes} minutes et ne sert qu’une fois. Toutes les sessions ouvertes de votre compte seront alors fermées.`,
    'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe actuel reste valable.',
  ];
  return {
    to,
    subject: `Choisir un nouveau mot de passe — rédaction de ${appConfig.site.name}`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(paragraphs, { href: link, label: 'Choisir un nouveau mot de passe' }),
  };
}
