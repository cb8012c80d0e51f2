/**
 * The inputs every newsletter form shares (SPEC §5), under the contract's field names: the e-mail
 * ('E-mail*', type email, required), the postcode ('Code postal*', text, required) where the form asks for
 * it, and the honeypot (invisible to people and to screen readers, filled only by form-filling robots).
 */
import type { SignupFields } from '../../api/queries/newsletter.ts';

export interface SignupInputsProps {
  /** Prefix of the inputs' ids (from useId). */
  id: string;
  busy: boolean;
  /** The unsubscribe form asks for the e-mail only. */
  postcode?: boolean;
  emailClassName: string;
  postcodeClassName?: string;
}

export function SignupInputs({ id, busy, postcode = true, emailClassName, postcodeClassName }: SignupInputsProps) {
  return (
    <>
      <label className="sr-only" htmlFor={`${id}-email`}>
        Adresse e-mail
      </label>
      <input
        id={`${id}-email`}
        name="people_register_email"
        type="email"
        required
        autoComplete="email"
        placeholder="E-mail*"
        readOnly={busy}
        className={emailClassName}
      />
      {postcode ? (
        <>
          <label className="sr-only" htmlFor={`${id}-postcode`}>
            Code postal
          </label>
          <input
            id={`${id}-postcode`}
            name="people_register_codepostal"
            type="text"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="Code postal*"
            readOnly={busy}
            className={postcodeClassName}
          />
        </>
      ) : null}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Ne pas remplir ce champ</label>
        <input id={`${id}-website`} name="people_register_website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

/** What the reader typed, read from the submitted form under the contract's names. */
export function signupFieldsOf(form: HTMLFormElement): SignupFields {
  const data = new FormData(form);
  return {
    people_register_email: String(data.get('people_register_email') ?? ''),
    people_register_codepostal: String(data.get('people_register_codepostal') ?? ''),
    people_register_website: String(data.get('people_register_website') ?? ''),
  };
}
