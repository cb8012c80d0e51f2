/**
 * The newsletter calls of the contract, through the typed client: the signup form (multipart, SPEC §7),
 * the captcha set-up, and the links' POSTs. Forms carry the contract's own field names end to end
 * (`people_register_email`…): they are serialised as they are, never renamed. A thrown error means the
 * network failed (the signup machine then goes quietly back to idle); any answer of the server is returned.
 */
import { api } from '../client.ts';
import type { CaptchaSetup, SignupForm, TokenOutcome, UnsubscribeForm, UnsubscribeResponse } from '../types.ts';

/** What the reader typed into a signup form (the captcha token and the newsletter type come later). */
export type SignupFields = Pick<SignupForm, 'people_register_email' | 'people_register_codepostal' | 'people_register_website'>;

/** What the server answered (SignupResponse, or an ErrorResponse's message as one `form` error). */
export type SignupAnswer = { status: 'success'; doubleOptIn: boolean } | { status: 'error'; errors: Record<string, string> };

/** An answer that is not JSON (a proxy's error page…): said in French rather than thrown. */
const unexpected = "Le serveur n'a pas pu traiter le formulaire : réessayez dans un instant.";

/** Multipart body of a contract form: every field under its own name, absent optional fields left out. */
export function toFormData(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

export async function submitSignup(origin: string, form: SignupForm): Promise<SignupAnswer> {
  const { data, error, response } = await (await api()).POST('/newsletter/inscriptionajaxlight-{origin}', {
    params: { path: { origin } },
    body: form,
    bodySerializer: toFormData,
  });
  if (data) {
    return data.status === 'success'
      ? { status: 'success', doubleOptIn: data.doubleOptIn === true }
      : { status: 'error', errors: data.errors };
  }
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : `${unexpected} (${response.status})`;
  return { status: 'error', errors: { form: message } };
}

/** `altcha`: a self-hosted challenge even when reCAPTCHA is configured (no consent to Google). */
export async function fetchCaptchaSetup(options: { altcha?: boolean } = {}): Promise<CaptchaSetup> {
  const { data, response } = await (await api()).GET('/newsletter/captcha', {
    params: { query: options.altcha ? { altcha: '1' } : {} },
  });
  if (!data) throw new Error(`captcha set-up answered ${response.status}`);
  return data;
}

export async function confirmSignupLink(token: string): Promise<TokenOutcome> {
  const { data, error } = await (await api()).POST('/newsletter/confirmation', { body: { token }, bodySerializer: toFormData });
  if (data) return data;
  return { status: 'invalid', message: error?.message ?? unexpected };
}

export async function confirmUnsubscribeLink(token: string): Promise<TokenOutcome> {
  const { data, error } = await (await api()).POST('/newsletter/desinscription/confirmation', {
    body: { token },
    bodySerializer: toFormData,
  });
  if (data) return data;
  return { status: 'invalid', message: error?.message ?? unexpected };
}

export async function requestUnsubscribe(form: UnsubscribeForm): Promise<UnsubscribeResponse> {
  const { data, error } = await (await api()).POST('/newsletter/desinscription', { body: form, bodySerializer: toFormData });
  if (data) return data;
  const message = error?.message ?? unexpected;
  return { status: 'error', errors: { form: message }, message };
}
