/**
 * Security headers of the pages (issue 3 §10): a Content-Security-Policy with a per-request nonce
 * for the inline scripts of server rendering (no 'unsafe-eval', nothing third-party), and the usual
 * X-Content-Type-Options, Referrer-Policy and framing rules.
 */
import { randomBytes } from 'node:crypto';
import { recaptchaEnabled } from '../newsletter/newsletterConfig.ts';

export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(nonce: string, env: NodeJS.ProcessEnv = process.env): string {
  // Pages may read an external API host that implements the contract (API_BASE_URL).
  const apiOrigin = originOf(env.API_BASE_URL);
  const connect = ["'self'", ...(apiOrigin ? [apiOrigin] : [])].join(' ');
  // CAPTCHA_PROVIDER=recaptcha (issue 5): Google's script and challenge frames, and only then.
  const recaptcha = recaptchaEnabled(env);
  const recaptchaScripts = recaptcha ? ' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/' : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${recaptchaScripts}`,
    ...(recaptcha ? ['frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/'] : []),
    // Style attributes (category colours) are inline; styles never run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const STATIC_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

/**
 * Adds the headers to an SSR answer. The CSP is left out in development, where Vite injects
 * its own inline scripts for hot reload.
 */
export function withSecurityHeaders(response: Response, nonce: string, options: { csp: boolean }): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(STATIC_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (options.csp) headers.set('content-security-policy', contentSecurityPolicy(nonce));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
