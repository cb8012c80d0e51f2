/**
 * E-mail addresses as the newsletter stores them: NFKC-normalised (full-width letters become ASCII),
 * trimmed, lower-cased, the domain in punycode. Invisible and control characters are refused rather than
 * silently dropped, so what is stored is what the reader sees.
 */
import { domainToASCII } from 'node:url';

export type EmailCheck = { ok: true; email: string; domain: string } | { ok: false; reason: 'required' | 'invalid' | 'too-long' };

/** Control, format (zero-width, bidi overrides, soft hyphen) and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** RFC 5322 dot-atom, ASCII only (no quoted local parts: nobody types them into a newsletter form). */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const EMAIL_MAX_LENGTH = 254;

export function normaliseEmail(input: string): EmailCheck {
  const value = input.normalize('NFKC').trim();
  if (value === '') return { ok: false, reason: 'required' };
  if (value.length > EMAIL_MAX_LENGTH) return { ok: false, reason: 'too-long' };
  if (INVISIBLE.test(value)) return { ok: false, reason: 'invalid' };
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return { ok: false, reason: 'invalid' };
  const local = value.slice(0, at).toLowerCase();
  if (local.length > 64 || !LOCAL_PART.test(local)) return { ok: false, reason: 'invalid' };
  const rawDomain = value.slice(at + 1).toLowerCase();
  if (rawDomain.endsWith('.') || rawDomain.startsWith('[')) return { ok: false, reason: 'invalid' };
  const domain = domainToASCII(rawDomain);
  if (domain === '' || domain.length > 253) return { ok: false, reason: 'invalid' };
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { ok: false, reason: 'invalid' };
  if (!TLD.test(labels[labels.length - 1] ?? '')) return { ok: false, reason: 'invalid' };
  const email = `${local}@${domain}`;
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, reason: 'too-long' };
  return { ok: true, email, domain };
}

/**
 * French postcodes: five digits, metropolitan départements 01–95 (Corsica is 20xxx) and overseas
 * 97xxx/98xxx (DROM, Saint-Pierre-et-Miquelon, Monaco, Polynesia, New Caledonia, Wallis-et-Futuna…).
 * Spaces are tolerated ("75 011"); full-width digits become ASCII through NFKC.
 */
export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; reason: 'required' | 'invalid' };

export function normalisePostcode(input: string): PostcodeCheck {
  const value = input.normalize('NFKC').trim();
  if (value === '') return { ok: false, reason: 'required' };
  const compact = value.replace(/ /g, '');
  if (!/^[0-9]{5}$/.test(compact)) return { ok: false, reason: 'invalid' };
  const department = Number(compact.slice(0, 2));
  if (department >= 1 && department <= 95) return { ok: true, postcode: compact };
  if (department === 97 || department === 98) return { ok: true, postcode: compact };
  return { ok: false, reason: 'invalid' };
}
