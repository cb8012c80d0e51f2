/**
 * The two reader forms of the newsletter (signup, unsubscribe request), checked field by field with the
 * body schemas generated from the contract, then with the rules a schema cannot say (address syntax,
 * blocked domains, French postcodes, the newsletters that exist). Every field's French error is given at
 * once; the honeypot wins over everything, so a robot learns nothing about the other fields.
 */
import type { z } from 'zod';
import { appConfig } from '../../../app.config.ts';
import * as contract from '../../api/generated/zod.ts';
import { classifyDomain } from './blockedDomains.ts';
import { type EmailCheck, normaliseEmail, normalisePostcode } from './emailAddress.ts';
import type { FormFields } from './formBody.ts';
import { newsletterMessages } from './newsletterMessages.ts';

const signupShape = contract.SignupNewsletterBody.shape;
const unsubscribeShape = contract.RequestNewsletterUnsubscribeBody.shape;
const name = contract.SignupNewsletterBody.keyof().enum;

/** The contract's field names (SPEC §3), under names that say what they hold. */
export const FIELDS = {
  email: name.people_register_email,
  postcode: name.people_register_codepostal,
  type: name.people_register_newslettertype,
  captcha: name['g-recaptcha-response'],
  honeypot: name.people_register_website,
} as const;

export type FieldErrors = Record<string, string>;

export type SignupForm =
  | { ok: true; email: string; postcode: string; newsletterType: number; captchaToken: string | undefined }
  | { ok: false; errors: FieldErrors };

export type UnsubscribeForm = { ok: true; email: string; captchaToken: string | undefined } | { ok: false; errors: FieldErrors };

/** Why the contract refuses a field, in the words of the business checks (emailAddress.ts). */
type SchemaReason = 'required' | 'too-long' | 'invalid';

type Checked<T> = { ok: true; value: T } | { ok: false; reason: SchemaReason };

/**
 * One field against its schema: its value (defaults applied), or why the schema refused it. The
 * contract's issues say what the business checks say: absent, over its maximum, or wrong.
 */
function check<T>(schema: z.ZodType<T>, value: unknown): Checked<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const code = result.error.issues[0]?.code;
  const reason = value === undefined ? 'required' : code === 'too_big' ? 'too-long' : 'invalid';
  return { ok: false, reason };
}

/** The sentence for each reason a field can be refused for. */
const messages = {
  signupEmail: {
    required: newsletterMessages.emailRequired,
    'too-long': newsletterMessages.emailTooLong,
    invalid: newsletterMessages.emailInvalid,
  },
  // Addresses that are valid but not welcome (blockedDomains.ts).
  blockedDomain: {
    disposable: newsletterMessages.disposable,
    'sms-gateway': newsletterMessages.smsGateway,
  },
  // Leaving needs no more detail than "required" or "invalid": the address was valid when it signed up.
  unsubscribeEmail: {
    required: newsletterMessages.emailRequired,
    'too-long': newsletterMessages.emailInvalid,
    invalid: newsletterMessages.emailInvalid,
  },
  postcode: {
    required: newsletterMessages.postcodeRequired,
    'too-long': newsletterMessages.postcodeInvalid,
    invalid: newsletterMessages.postcodeInvalid,
  },
} as const;

/**
 * What the reader meant, which is what the contract's limits apply to: full-width characters folded
 * (NFKC) and surrounding spaces dropped. An absent field stays absent, so the schema calls it missing.
 */
function meant(raw: string | undefined): string | undefined {
  return raw?.normalize('NFKC').trim();
}

/** Spaces inside a postcode do not count either ("75 011"). The cut bounds the work on hostile input. */
function postcodeMeant(raw: string | undefined): string | undefined {
  return meant(raw?.slice(0, 64))?.replace(/ /g, '');
}

/**
 * A form sends text: only plain digits are a number (no "1e0", "0x1" or "1.5"); anything else is left as
 * text for the schema to refuse, and an empty field as absent, for the contract's default.
 */
function newsletterTypeInput(raw: string | undefined): string | number | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  return /^[0-9]{1,3}$/.test(value) ? Number(value) : value;
}

const honeypotFilled = (fields: FormFields) => (fields.get(FIELDS.honeypot) ?? '') !== '';

const honeypotRefusal = (): { ok: false; errors: FieldErrors } => ({
  ok: false,
  errors: { [FIELDS.honeypot]: newsletterMessages.honeypot },
});

/** The normalised address and its domain, or why it is refused. */
function emailAddress(schema: z.ZodType<string>, fields: FormFields): EmailCheck {
  const field = check(schema, meant(fields.get(FIELDS.email)));
  return field.ok ? normaliseEmail(field.value) : field;
}

function signupEmail(fields: FormFields, errors: FieldErrors): string | null {
  const address = emailAddress(signupShape[FIELDS.email], fields);
  if (!address.ok) {
    errors[FIELDS.email] = messages.signupEmail[address.reason];
    return null;
  }
  const blocked = classifyDomain(address.domain);
  if (blocked) {
    errors[FIELDS.email] = messages.blockedDomain[blocked];
    return null;
  }
  return address.email;
}

function signupPostcode(fields: FormFields, errors: FieldErrors): string | null {
  const field = check(signupShape[FIELDS.postcode], postcodeMeant(fields.get(FIELDS.postcode)));
  const postcode = field.ok ? normalisePostcode(field.value) : field;
  if (!postcode.ok) {
    errors[FIELDS.postcode] = messages.postcode[postcode.reason];
    return null;
  }
  return postcode.postcode;
}

function signupNewsletterType(fields: FormFields, errors: FieldErrors): number | null {
  const field = check(signupShape[FIELDS.type], newsletterTypeInput(fields.get(FIELDS.type)));
  if (field.ok && appConfig.newsletter.types[field.value]) return field.value;
  errors[FIELDS.type] = newsletterMessages.typeUnknown;
  return null;
}

/**
 * The captcha field: missing is a field error when a captcha is on (an empty token is valid for the
 * contract, for CAPTCHA_PROVIDER=none, but answers nothing); a token over the contract's limit is a
 * failed verification, reported after the other fields as verification failures are.
 */
function readCaptcha(schema: z.ZodType<string>, fields: FormFields, captchaRequired: boolean, errors: FieldErrors) {
  const captcha = check(schema, fields.get(FIELDS.captcha));
  const tooLong = !captcha.ok && captcha.reason === 'too-long';
  const token = captcha.ok ? captcha.value : undefined;
  if (captchaRequired && !token && !tooLong) errors[FIELDS.captcha] = newsletterMessages.captchaMissing;
  return { token, tooLong };
}

function settle<T extends { ok: true }>(errors: FieldErrors, captcha: { tooLong: boolean }, value: T) {
  if (Object.keys(errors).length > 0) return { ok: false as const, errors };
  if (captcha.tooLong) return { ok: false as const, errors: { [FIELDS.captcha]: newsletterMessages.captchaInvalid } };
  return value;
}

export function readSignupForm(fields: FormFields, captchaRequired: boolean): SignupForm {
  if (honeypotFilled(fields)) return honeypotRefusal();
  const errors: FieldErrors = {};
  const email = signupEmail(fields, errors);
  const postcode = signupPostcode(fields, errors);
  const newsletterType = signupNewsletterType(fields, errors);
  const captcha = readCaptcha(signupShape[FIELDS.captcha], fields, captchaRequired, errors);
  if (email === null || postcode === null || newsletterType === null) return { ok: false, errors };
  return settle(errors, captcha, { ok: true, email, postcode, newsletterType, captchaToken: captcha.token });
}

export function readUnsubscribeForm(fields: FormFields, captchaRequired: boolean): UnsubscribeForm {
  if (honeypotFilled(fields)) return honeypotRefusal();
  const errors: FieldErrors = {};
  const address = emailAddress(unsubscribeShape[FIELDS.email], fields);
  if (!address.ok) errors[FIELDS.email] = messages.unsubscribeEmail[address.reason];
  const captcha = readCaptcha(unsubscribeShape[FIELDS.captcha], fields, captchaRequired, errors);
  if (!address.ok) return { ok: false, errors };
  return settle(errors, captcha, { ok: true, email: address.email, captchaToken: captcha.token });
}
