/** The form readers alone: the contract's limits mapped to the French messages, and their precedence. */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { FIELDS, readSignupForm, readUnsubscribeForm } from './newsletterForms.ts';
import { newsletterMessages } from './newsletterMessages.ts';

const form = (fields: Record<string, string>) => new Map(Object.entries(fields));
const valid = { [FIELDS.email]: 'camille@exemple.fr', [FIELDS.postcode]: '75011', [FIELDS.captcha]: 'jeton' };

describe('readSignupForm', () => {
  it('takes the field names from the contract', () => {
    expect(Object.values(FIELDS).sort()).toEqual(Object.keys(contract.SignupNewsletterBody.shape).sort());
  });

  it('normalises and applies the contract default for the newsletter type', () => {
    expect(readSignupForm(form({ ...valid, [FIELDS.email]: ' Camille@Exemple.FR ', [FIELDS.postcode]: '75 011' }), true)).toEqual({
      ok: true,
      email: 'camille@exemple.fr',
      postcode: '75011',
      newsletterType: 1,
      captchaToken: 'jeton',
    });
  });

  it('maps the schema limits to the French messages', () => {
    const tooLong = readSignupForm(form({ ...valid, [FIELDS.email]: `${'a'.repeat(250)}@exemple.fr` }), true);
    expect(tooLong).toEqual({ ok: false, errors: { [FIELDS.email]: newsletterMessages.emailTooLong } });
    const postcode = readSignupForm(form({ ...valid, [FIELDS.postcode]: '750110000000' }), true);
    expect(postcode).toEqual({ ok: false, errors: { [FIELDS.postcode]: newsletterMessages.postcodeInvalid } });
    for (const type of ['0', 'deux', '1e0']) {
      expect(readSignupForm(form({ ...valid, [FIELDS.type]: type }), true), type).toEqual({
        ok: false,
        errors: { [FIELDS.type]: newsletterMessages.typeUnknown },
      });
    }
  });

  it('reports a token over the contract limit only once the other fields are right, as a failed check', () => {
    const long = 'x'.repeat(5000);
    expect(readSignupForm(form({ ...valid, [FIELDS.captcha]: long }), true)).toEqual({
      ok: false,
      errors: { [FIELDS.captcha]: newsletterMessages.captchaInvalid },
    });
    expect(readSignupForm(form({ ...valid, [FIELDS.postcode]: '', [FIELDS.captcha]: long }), true)).toEqual({
      ok: false,
      errors: { [FIELDS.postcode]: newsletterMessages.postcodeRequired },
    });
  });

  it('needs no token without a captcha, and lets the honeypot win over everything', () => {
    const { [FIELDS.captcha]: _token, ...withoutToken } = valid;
    expect(readSignupForm(form(withoutToken), false)).toMatchObject({ ok: true, captchaToken: undefined });
    expect(readSignupForm(form(withoutToken), true)).toEqual({
      ok: false,
      errors: { [FIELDS.captcha]: newsletterMessages.captchaMissing },
    });
    expect(readSignupForm(form({ [FIELDS.honeypot]: 'x'.repeat(600) }), true)).toEqual({
      ok: false,
      errors: { [FIELDS.honeypot]: newsletterMessages.honeypot },
    });
  });
});

describe('readUnsubscribeForm', () => {
  it('says required or invalid, the e-mail first', () => {
    expect(readUnsubscribeForm(form({}), true)).toEqual({
      ok: false,
      errors: { [FIELDS.email]: newsletterMessages.emailRequired, [FIELDS.captcha]: newsletterMessages.captchaMissing },
    });
    expect(readUnsubscribeForm(form({ [FIELDS.email]: `${'a'.repeat(300)}@exemple.fr` }), false)).toEqual({
      ok: false,
      errors: { [FIELDS.email]: newsletterMessages.emailInvalid },
    });
    expect(readUnsubscribeForm(form({ [FIELDS.email]: 'PARTIR@exemple.fr', [FIELDS.captcha]: '' }), false)).toEqual({
      ok: true,
      email: 'partir@exemple.fr',
      captchaToken: '',
    });
  });
});
