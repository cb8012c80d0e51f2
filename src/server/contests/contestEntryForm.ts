/**
 * The entry form of a contest's page, checked field by field (pure): the address as the newsletter checks
 * it (syntax, disposable and SMS domains), names of letters, the answer against the contest's question
 * (one of its choices, or free plain text), the rules accepted, and the newsletter box with its postcode.
 * Every field's French error is given at once; the honeypot wins over everything.
 */
import { classifyDomain } from '../newsletter/blockedDomains.ts';
import { normaliseEmail, normalisePostcode } from '../newsletter/emailAddress.ts';
import type { FormFields } from '../newsletter/formBody.ts';
import { newsletterMessages } from '../newsletter/newsletterMessages.ts';
import { contestEntryMessages as m } from './contestEntryMessages.ts';

export const ENTRY_FIELDS = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  answer: 'answer',
  acceptRules: 'acceptRules',
  newsletter: 'newsletter',
  postcode: 'postcode',
  captcha: 'g-recaptcha-response',
  honeypot: 'website',
} as const;

export type EntryErrors = Record<string, string>;

export interface EntryFields {
  email: string;
  firstName: string;
  lastName: string;
  answer: string;
  newsletter: { postcode: string } | null;
  captchaToken: string | undefined;
}

export type EntryForm = { ok: true; value: EntryFields } | { ok: false; errors: EntryErrors };

export interface ContestQuestion {
  question: string;
  questionChoices: string[];
}

const meant = (raw: string | undefined) => raw?.slice(0, 2000).normalize('NFKC').trim() ?? '';

/** Letters (any script) with the marks, spaces, hyphens, apostrophes and dots names carry. */
const NAME = /^\p{L}[\p{L}\p{M} .'’-]{0,59}$/u;

function name(raw: string | undefined, required: string, invalid: string, errors: EntryErrors, field: string): string {
  const value = meant(raw).replace(/\s+/g, ' ');
  if (value === '') errors[field] = required;
  else if (!NAME.test(value)) errors[field] = invalid;
  return value;
}

function email(raw: string | undefined, errors: EntryErrors): string {
  const address = normaliseEmail(meant(raw));
  if (!address.ok) {
    errors[ENTRY_FIELDS.email] = { required: m.emailRequired, invalid: m.emailInvalid, 'too-long': m.emailTooLong }[address.reason];
    return '';
  }
  const blocked = classifyDomain(address.domain);
  if (blocked) {
    errors[ENTRY_FIELDS.email] = blocked === 'disposable' ? newsletterMessages.disposable : newsletterMessages.smsGateway;
    return '';
  }
  return address.email;
}

function answer(raw: string | undefined, contest: ContestQuestion, errors: EntryErrors): string {
  if (contest.question === '') return '';
  const value = meant(raw);
  if (contest.questionChoices.length > 0) {
    if (value === '') errors[ENTRY_FIELDS.answer] = m.answerRequired;
    else if (!contest.questionChoices.includes(value)) errors[ENTRY_FIELDS.answer] = m.answerInvalid;
    return value;
  }
  if (value === '') errors[ENTRY_FIELDS.answer] = m.answerRequired;
  else if ([...value].length > 500) errors[ENTRY_FIELDS.answer] = m.answerTooLong;
  // Plain text only: no markup, no control characters (newsroom screens and the CSV show it as it is).
  else if (/[<>\p{Cc}]/u.test(value)) errors[ENTRY_FIELDS.answer] = m.answerMarkup;
  return value;
}

/** A box is ticked ('1'), unticked (absent or empty), or the request was forged. */
function box(raw: string | undefined, field: string, errors: EntryErrors): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw === '1' || raw === 'on') return true;
  errors[field] = m.checkbox;
  return false;
}

export function readEntryForm(fields: FormFields, contest: ContestQuestion, captchaRequired: boolean): EntryForm {
  if ((fields.get(ENTRY_FIELDS.honeypot) ?? '') !== '')
    return { ok: false, errors: { [ENTRY_FIELDS.honeypot]: newsletterMessages.honeypot } };
  const errors: EntryErrors = {};
  const value: EntryFields = {
    email: email(fields.get(ENTRY_FIELDS.email), errors),
    firstName: name(fields.get(ENTRY_FIELDS.firstName), m.firstNameRequired, m.firstNameInvalid, errors, ENTRY_FIELDS.firstName),
    lastName: name(fields.get(ENTRY_FIELDS.lastName), m.lastNameRequired, m.lastNameInvalid, errors, ENTRY_FIELDS.lastName),
    answer: answer(fields.get(ENTRY_FIELDS.answer), contest, errors),
    newsletter: null,
    captchaToken: undefined,
  };
  const accepted = box(fields.get(ENTRY_FIELDS.acceptRules), ENTRY_FIELDS.acceptRules, errors);
  if (!accepted && !errors[ENTRY_FIELDS.acceptRules]) errors[ENTRY_FIELDS.acceptRules] = m.rulesRequired;
  if (box(fields.get(ENTRY_FIELDS.newsletter), ENTRY_FIELDS.newsletter, errors)) {
    const postcode = normalisePostcode(meant(fields.get(ENTRY_FIELDS.postcode)).replace(/ /g, '').slice(0, 10));
    if (postcode.ok) value.newsletter = { postcode: postcode.postcode };
    else
      errors[ENTRY_FIELDS.postcode] =
        postcode.reason === 'required' ? newsletterMessages.postcodeRequired : newsletterMessages.postcodeInvalid;
  }
  const token = fields.get(ENTRY_FIELDS.captcha) ?? '';
  if (token.length > 4096) errors[ENTRY_FIELDS.captcha] = newsletterMessages.captchaInvalid;
  else if (captchaRequired && token === '') errors[ENTRY_FIELDS.captcha] = newsletterMessages.captchaMissing;
  value.captchaToken = token === '' ? undefined : token;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value };
}
