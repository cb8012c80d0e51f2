/**
 * The one result of every newsroom write (articles, revisions, categories, staff, media): a value, or why
 * not. The HTTP layer maps it to an answer in one place (http/newsroomAnswers.ts); the domain never
 * builds a Response.
 */
export type NewsroomResult<T> =
  | { ok: true; value: T }
  /** The input is wrong; `fields` names the fields the editor must correct (400). */
  | { ok: false; kind: 'bad'; message: string; fields?: Record<string, string> }
  | { ok: false; kind: 'notFound' }
  /** The member's role does not allow it (403). */
  | { ok: false; kind: 'forbidden' }
  /** Taken or in use: another entity holds what this one asks for (409, the message says which). */
  | { ok: false; kind: 'taken'; message: string }
  /** Someone saved a newer version meanwhile (409): nothing was overwritten. */
  | { ok: false; kind: 'conflict'; currentVersion: number; changedBy: string | null; changedAt: Date };

export const refused = {
  bad: (message: string, field?: string): NewsroomResult<never> => ({
    ok: false,
    kind: 'bad',
    message,
    ...(field ? { fields: { [field]: message } } : {}),
  }),
  notFound: { ok: false, kind: 'notFound' } as const satisfies NewsroomResult<never>,
  forbidden: { ok: false, kind: 'forbidden' } as const satisfies NewsroomResult<never>,
  taken: (message: string): NewsroomResult<never> => ({ ok: false, kind: 'taken', message }),
};
