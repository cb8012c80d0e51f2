/**
 * The newsletter calls of the contract, through the typed client: the signup form (multipart, SPEC §7),
 * the captcha set-up, and the links' POSTs. A thrown error means the network failed (the machine then
 * goes quietly back to idle); any answer of the server is returned.
 */
import { api } from '../../api/client.ts';
import type { CaptchaSetup, TokenOutcome, UnsubscribeResponse } from '../../api/types.ts';
import type { SignupAnswer, SignupRequest } from './signupMachine.ts';

/** An answer that is not JSON (a proxy's error page…): said in French rather than thrown. */
const unexpected = "Le serveur n'a pas pu traiter le formulaire : réessayez dans un instant.";

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export async function submitSignup(request: SignupRequest): Promise<SignupAnswer> {
  const { data, error, response } = await api().POST('/newsletter/inscriptionajaxlight-{origin}', {
    params: { path: { origin: request.origin } },
    body: {
      people_register_email: request.email,
      people_register_codepostal: request.postcode,
      people_register_newslettertype: request.newsletterType,
      'g-recaptcha-response': request.captchaToken,
      people_register_website: request.website,
    },
    bodySerializer: (body) =>
      formData({
        people_register_email: body.people_register_email,
        people_register_codepostal: body.people_register_codepostal,
        people_register_newslettertype: String(body.people_register_newslettertype ?? 1),
        'g-recaptcha-response': body['g-recaptcha-response'],
        people_register_website: body.people_register_website ?? '',
      }),
  });
  if (data) {
    return data.status === 'success'
      ? { status: 'success', doubleOptIn: data.doubleOptIn === true }
      : { status: 'error', errors: data.errors };
  }
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : `${unexpected} (${response.status})`;
  return { status: 'error', errors: { form: message } };
}

export async function fetchCaptchaSetup(): Promise<CaptchaSetup> {
  const { data, response } = await api().GET('/newsletter/captcha');
  if (!data) throw new Error(`captcha set-up answered ${response.status}`);
  return data;
}

export async function confirmSignupLink(token: string): Promise<TokenOutcome> {
  const { data, error } = await api().POST('/newsletter/confirmation', {
    body: { token },
    bodySerializer: (body) => formData({ token: body.token }),
  });
  if (data) return data;
  return { status: 'invalid', message: error?.message ?? unexpected };
}

export async function confirmUnsubscribeLink(token: string): Promise<TokenOutcome> {
  const { data, error } = await api().POST('/newsletter/desinscription/confirmation', {
    body: { token },
    bodySerializer: (body) => formData({ token: body.token }),
  });
  if (data) return data;
  return { status: 'invalid', message: error?.message ?? unexpected };
}

export async function requestUnsubscribe(fields: { email: string; website: string; captchaToken: string }): Promise<UnsubscribeResponse> {
  const { data, error } = await api().POST('/newsletter/desinscription', {
    body: {
      people_register_email: fields.email,
      'g-recaptcha-response': fields.captchaToken,
      people_register_website: fields.website,
    },
    bodySerializer: (body) =>
      formData({
        people_register_email: body.people_register_email,
        'g-recaptcha-response': body['g-recaptcha-response'],
        people_register_website: body.people_register_website ?? '',
      }),
  });
  if (data) return data;
  const message = error?.message ?? unexpected;
  return { status: 'error', errors: { form: message }, message };
}
