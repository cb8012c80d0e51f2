/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set, otherwise the mail is written to the
 * log (so the links can still be followed on a development machine).
 */
import { z } from 'zod';
import { appConfig } from '../../../app.config.ts';

/** A mail as it is queued (jobs 'mail.send'): what the mailer needs, nothing more. */
export const mailMessageSchema = z.object({
  to: z.string().email().max(254),
  subject: z.string().min(1).max(300),
  text: z.string().max(200_000),
  html: z.string().max(500_000),
  headers: z.record(z.string(), z.string().max(2000)).optional(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;

/** A mail server's 5xx answer: the address or the message is refused for good, trying again cannot help. */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        console.log(
          `[mail] (SMTP_URL not set: not sent) To: ${message.to}\n[mail] Subject: ${message.subject}\n${message.text
            .split('\n')
            .map((line) => `[mail]   ${line}`)
            .join('\n')}`,
        );
      },
      async close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Bounded waits: a mail server that hangs fails the job, which is tried again later.
      nodemailer.createTransport(smtpUrl, {
        from: options.from,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return transport;
  };
  return {
    async send(message) {
      const t = await connect();
      await t.sendMail({ from: options.from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

// ------------------------------------------------------------------ the newsletter's mails

const site = appConfig.site.name;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function layout(paragraphs: string[], link: { href: string; label: string }, footer?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#d7263d;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p>`;
  const small = footer ? `<p style="margin:24px 0 0;font-size:12px;color:#666">${escapeHtml(footer)}</p>` : '';
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1d1d1b;max-width:560px;margin:auto;padding:24px">${body}${button}<p style="margin:0;font-size:13px;color:#666">${escapeHtml(link.href)}</p>${small}</body></html>`;
}

export function confirmationMail(to: string, link: string, days: number): MailMessage {
  const paragraphs = [
    'Bonjour,',
    `Pour recevoir la newsletter ${site}, confirmez votre adresse en ouvrant ce lien puis en cliquant sur le bouton « Confirmer mon inscription ». Le lien est valable ${days} jours.`,
    "Si vous n'avez rien demandé, ignorez simplement ce message : sans confirmation, vous ne recevrez rien.",
  ];
  return {
    to,
    subject: `Confirmez votre inscription à la newsletter ${site}`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(paragraphs, { href: link, label: 'Confirmer mon inscription' }),
  };
}

export function unsubscribeRequestMail(to: string, link: string, days: number): MailMessage {
  const paragraphs = [
    'Bonjour,',
    `Vous avez demandé à ne plus recevoir la newsletter ${site}. Pour confirmer, ouvrez ce lien puis cliquez sur le bouton « Me désinscrire ». Le lien est valable ${days} jours.`,
    "Si vous n'avez rien demandé, ignorez ce message : votre inscription reste inchangée.",
  ];
  return {
    to,
    subject: `Confirmez votre désinscription de la newsletter ${site}`,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(paragraphs, { href: link, label: 'Me désinscrire' }),
  };
}

/** Headers of every newsletter mail: one-click unsubscribe (RFC 2369 + RFC 8058). */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function welcomeMail(to: string, links: { site: string; unsubscribePage: string; oneClick: string }): MailMessage {
  const paragraphs = ['Bonjour,', `C'est confirmé : bienvenue dans la newsletter ${site} ! Rendez-vous bientôt dans votre boîte mail.`];
  const footer = `Pour ne plus recevoir la newsletter : ${links.unsubscribePage}`;
  return {
    to,
    subject: `Bienvenue dans la newsletter ${site}`,
    text: `${paragraphs.join('\n\n')}\n\n${links.site}\n\n${footer}\n`,
    html: layout(paragraphs, { href: links.site, label: `Lire ${site}` }, footer),
    headers: listUnsubscribeHeaders(links.oneClick),
  };
}
