/**
 * A loopback SMTP server for tests: accepts every mail, keeps it, and lets a test wait for the next
 * one to a given address. Just enough MIME parsing for what our mailer sends (multipart/alternative,
 * quoted-printable or base64 parts).
 */
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  raw: string;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeWords(value: string): string {
  // Adjacent encoded words are one text: the whitespace between them is not part of it (RFC 2047).
  return value.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function split(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return [raw, ''];
  const gap = raw.slice(at).startsWith('\r\n\r\n') ? 4 : 2;
  return [raw.slice(0, at), raw.slice(at + gap)];
}

function textPart(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const [head, content] = split(part.replace(/^\r?\n/, ''));
      const text = textPart(parseHeaders(head), content);
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers.get('content-transfer-encoding'));
}

export interface SmtpSinkOptions {
  /** The port to listen on (a test restarting "the mail server" at the same address); 0: any free port. */
  port?: number;
  /** A refusal for a recipient (e.g. 550 for one address, 451 for a while), or null to accept it. */
  refuse?: (to: string) => { code: number; message: string } | null;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const mails: SunkMail[] = [];
  const waiters: { match: (mail: SunkMail) => boolean; resolve: (mail: SunkMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const [head, body] = split(raw);
        const headers = parseHeaders(head);
        const mail: SunkMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          subject: decodeWords(headers.get('subject') ?? ''),
          text: textPart(headers, body),
          raw,
        };
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  // A client killed mid-conversation (the fault tests kill -9 the sending server) resets its connection: that
  // is the client's problem, not the sink's. Without a listener, smtp-server's 'error' would crash the test.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('[smtp sink]', error.message);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the next mail to `to` (or one already received and not yet taken). */
    waitFor(to: string, timeoutMs = 10_000): Promise<SunkMail> {
      const match = (mail: SunkMail) => mail.to.includes(to);
      const already = mails.find(match);
      if (already) {
        mails.splice(mails.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            mails.splice(mails.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link of a mail's text that starts with `prefix`. */
export function linkIn(mail: SunkMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}
