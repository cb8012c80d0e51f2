/**
 * The SMTP side of sending an issue: one pooled nodemailer transport per process (a few connections kept
 * open, reused message after message), a throttle shared by every send of the process, and the reading of
 * a failure — a 5xx refuses the address for good (a bounce), anything else (4xx, timeout, connection
 * refused) is temporary and tried again later.
 */
import { connect, type Socket } from 'node:net';

export interface IssueMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<…@host>`: the same for every try of one delivery, so that a retry after a crash is one message. */
  messageId: string;
  headers: Record<string, string>;
}

export interface IssueTransport {
  send(message: IssueMessage): Promise<void>;
  close(): Promise<void>;
}

export type SendFailure = 'bounce' | 'temporary';

export function classifySendFailure(error: unknown): SendFailure {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) return 'bounce';
  return 'temporary';
}

export interface TransportOptions {
  smtpUrl: string | null;
  from: string;
  /** Connections kept open to the relay. */
  maxConnections: number;
}

/** nodemailer's options from SMTP_URL (smtp:// or smtps://, user and password in the URL). */
function smtpOptionsFromUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

const pooling = (maxConnections: number) => ({ pool: true as const, maxConnections, maxMessages: 1000 });

/**
 * The connection to the relay with Nagle's algorithm off. Without it, the end of each message's DATA waits on
 * the relay's delayed ACK: about 40 ms a message on Linux, whatever the network (measured: 46 ms a message
 * to a loopback sink, 2 ms with it). TLS (smtps, STARTTLS) is negotiated over this socket by nodemailer.
 */
function noDelaySocket(
  options: { host?: string; port?: number },
  callback: (error: Error | null, socket?: { connection: Socket }) => void,
) {
  const socket = connect({ host: options.host, port: options.port ?? 587, noDelay: true });
  const failed = (error: Error) => callback(error);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    callback(null, { connection: socket });
  });
}

export function createIssueTransport(options: TransportOptions): IssueTransport {
  if (!options.smtpUrl) {
    // The demo without SMTP_URL: a delivery is written to the log and counts as sent.
    return {
      async send(message) {
        console.log(`[newsletter] (SMTP_URL not set: not sent) To: ${message.to} — ${message.subject}`);
      },
      async close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        { ...smtpOptionsFromUrl(smtpUrl), ...pooling(options.maxConnections), getSocket: noDelaySocket },
        { from: options.from },
      ),
    );
    return transport;
  };
  return {
    async send(message) {
      const t = await connect();
      await t.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/** At most `perSecond` sends a second from this process, spread evenly (not in bursts). */
export function createThrottle(perSecond: number): { take(): Promise<void> } {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return {
    async take() {
      const now = performance.now();
      const at = Math.max(now, next);
      next = at + gapMs;
      if (at > now) await new Promise((done) => setTimeout(done, at - now));
    },
  };
}
