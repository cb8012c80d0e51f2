/**
 * The newsroom's calls through the generated client (contract: tag Newsroom), like every other resource's
 * in src/api/queries. Every write carries the session's CSRF token in X-CSRF-Token (decision 011); the
 * cookie itself is HttpOnly and never read here.
 */
import { api } from '../client.ts';
import type { components } from '../generated/schema';

type Schemas = components['schemas'];
export type AdminArticle = Schemas['AdminArticle'];
export type AdminArticleSummary = Schemas['AdminArticleSummary'];
export type SourceSyncDetail = Schemas['SourceSyncDetail'];
export type SourceDrafts = Schemas['SourceDrafts'];
export type AdminSession = Schemas['AdminSession'];
export type AdminCategory = Schemas['AdminCategory'];
export type AdminAuthor = Schemas['AdminAuthor'];
export type AuthorInput = Schemas['AuthorInput'];
export type ArticleStatus = Schemas['ArticleStatus'];
export type ArticleDraftInput = Schemas['ArticleDraftInput'];
export type Revision = Schemas['Revision'];
export type AuditEntry = Schemas['AuditEntry'];
export type PreviewLink = Schemas['PreviewLink'];
export type AdminRedirect = Schemas['AdminRedirect'];
export type AdminRedirectList = Schemas['AdminRedirectList'];
export type AdminBestof = Schemas['AdminBestof'];
export type AdminBestofArticle = Schemas['AdminBestofArticle'];
export type VersionConflict = Schemas['VersionConflict'];
export type StaffRole = Schemas['StaffRole'];
export type MediaItem = Schemas['MediaItem'];
export type MediaSound = Schemas['MediaSound'];
export type MediaEntry = Schemas['MediaEntry'];
export type MediaUsage = Schemas['MediaUsage'];

const isImage = (entry: MediaEntry): entry is MediaItem => entry.kind === 'image';
const isSound = (entry: MediaEntry): entry is MediaSound => entry.kind === 'audio';
export type SurveyResultList = Schemas['SurveyResultList'];
export type SurveyResult = Schemas['SurveyResult'];
export type AudienceReport = Schemas['AudienceReport'];
export type NewsletterIssue = Schemas['NewsletterIssue'];
export type NewsletterIssueStatus = Schemas['NewsletterIssueStatus'];
export type NewsletterIssueList = Schemas['NewsletterIssueList'];
export type NewsletterIssuePreview = Schemas['NewsletterIssuePreview'];
export type NewsletterIssueCreateInput = Schemas['NewsletterIssueCreateInput'];
export type NewsletterIssueUpdateInput = Schemas['NewsletterIssueUpdateInput'];
export type NewsletterIssueStatusInput = Schemas['NewsletterIssueStatusInput'];
export type ImportRun = Schemas['ImportRun'];
export type ImportSourceKind = Schemas['ImportSourceKind'];

/** What a failed call tells the person: the server's French sentence, and its status. */
export class NewsroomError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

let csrfToken = '';

export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Redirects listed per page in the newsroom. */
export const REDIRECTS_PAGE = 50;

export const writeHeaders = () => ({ 'x-csrf-token': csrfToken });

export function unwrap<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data !== undefined && answer.response.ok) return answer.data;
  const body = answer.error as { message?: string } | undefined;
  throw new NewsroomError(body?.message ?? `Erreur ${answer.response.status}`, answer.response.status, answer.error);
}

/** The contents a refused media deletion names (its 409's `usages`), or none. */
export function usagesOfRefusal(error: unknown): MediaUsage[] {
  if (!(error instanceof NewsroomError) || error.status !== 409) return [];
  const usages = (error.body as { usages?: unknown } | null)?.usages;
  return Array.isArray(usages) ? (usages as MediaUsage[]) : [];
}

/** For calls that answer 204 (no body to unwrap). */
function failure(answer: { error?: unknown; response: Response }): NewsroomError {
  const body = answer.error as { message?: string } | undefined;
  return new NewsroomError(body?.message ?? `Erreur ${answer.response.status}`, answer.response.status, answer.error);
}

/** Multipart: the browser sets the boundary; the type of the file is checked by the server from its bytes. */
async function uploadEntry(file: File, alt: string, focal: { focalX?: number; focalY?: number } = {}): Promise<MediaEntry> {
  const body = new FormData();
  body.set('file', file);
  body.set('alt', alt);
  if (focal.focalX !== undefined && focal.focalY !== undefined) {
    body.set('focalX', String(focal.focalX));
    body.set('focalY', String(focal.focalY));
  }
  const response = await fetch('/api/admin/media', { method: 'POST', body, headers: writeHeaders(), credentials: 'same-origin' });
  const answer = (await response.json()) as MediaEntry | { message?: string };
  if (!response.ok)
    throw new NewsroomError((answer as { message?: string }).message ?? `Erreur ${response.status}`, response.status, answer);
  return answer as MediaEntry;
}

async function mediaPage(limit: number, offset: number, q: string, kind?: MediaEntry['kind']): Promise<MediaEntry[]> {
  const query = { limit, offset, ...(q.trim() === '' ? {} : { q: q.trim() }), ...(kind ? { kind } : {}) };
  return unwrap(await (await api()).GET('/api/admin/media', { params: { query } })).results;
}

export const newsroom = {
  async session(): Promise<AdminSession | null> {
    const answer = await (await api()).GET('/api/admin/session');
    if (answer.response.status === 401) return null;
    const session = unwrap(answer);
    setCsrfToken(session.csrfToken);
    return session;
  },
  async signIn(email: string, password: string): Promise<AdminSession> {
    const session = unwrap(await (await api()).POST('/api/admin/session', { body: { email, password } }));
    setCsrfToken(session.csrfToken);
    return session;
  },
  /** « Mot de passe oublié ? »: the server's one sentence, the same whether the address is an account's or not. */
  async requestPasswordReset(email: string): Promise<string> {
    return unwrap(await (await api()).POST('/api/admin/password-reset', { body: { email } })).message;
  },
  /** The link's token and the new password; every session of the account ends (no session is opened). */
  async confirmPasswordReset(token: string, newPassword: string): Promise<{ sessionsClosed: number }> {
    return unwrap(await (await api()).POST('/api/admin/password-reset/confirm', { body: { token, newPassword } }));
  },
  /** WebAuthn with a discoverable credential: the browser offers this site's passkeys. */
  async signInWithPasskey(): Promise<AdminSession> {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const { challengeId, options } = unwrap(await (await api()).POST('/api/admin/session/passkey-options'));
    const response = await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
    const session = unwrap(await (await api()).POST('/api/admin/session/passkey', { body: { challengeId, response: response as never } }));
    setCsrfToken(session.csrfToken);
    return session;
  },
  async passkeys() {
    return unwrap(await (await api()).GET('/api/admin/passkeys')).results;
  },
  async addPasskey(name: string) {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const { challengeId, options } = unwrap(await (await api()).POST('/api/admin/passkeys/options', { headers: writeHeaders() }));
    const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
    return unwrap(
      await (await api()).POST('/api/admin/passkeys', {
        body: { challengeId, name, response: response as never },
        headers: writeHeaders(),
      }),
    );
  },
  async removePasskey(id: string): Promise<void> {
    const answer = await (await api()).DELETE('/api/admin/passkeys/{id}', { params: { path: { id } }, headers: writeHeaders() });
    if (!answer.response.ok) throw failure(answer);
  },
  async signOut(): Promise<void> {
    await (await api()).POST('/api/admin/session/logout', { headers: writeHeaders() });
    setCsrfToken('');
  },
  async articles(query: { q?: string; status?: ArticleStatus; category?: string; author?: string; offset?: number; limit?: number }) {
    return unwrap(await (await api()).GET('/api/admin/articles', { params: { query } }));
  },
  async article(id: number) {
    return unwrap(await (await api()).GET('/api/admin/articles/{id}', { params: { path: { id } } }));
  },
  /** Where the copy of Ghost or WordPress stands (CONTENT_SOURCE); null when the newsroom writes the articles. */
  async sourceSync() {
    return unwrap(await (await api()).GET('/api/admin/source-sync')).source;
  },
  /** The source's latest drafts with their signed preview links (read in the source at each call). */
  async sourceDrafts() {
    return unwrap(await (await api()).GET('/api/admin/source-drafts'));
  },
  async create(body: ArticleDraftInput) {
    return unwrap(await (await api()).POST('/api/admin/articles', { body, headers: writeHeaders() }));
  },
  async save(id: number, body: ArticleDraftInput & { version: number }) {
    return unwrap(await (await api()).PUT('/api/admin/articles/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async changeStatus(id: number, body: { action: 'schedule' | 'publish' | 'unpublish' | 'draft'; version: number; scheduledAt?: string }) {
    return unwrap(await (await api()).POST('/api/admin/articles/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async revisions(id: number) {
    return unwrap(await (await api()).GET('/api/admin/articles/{id}/revisions', { params: { path: { id } } })).results;
  },
  async restore(id: number, revisionId: number, version: number) {
    return unwrap(
      await (await api()).POST('/api/admin/articles/{id}/revisions/{revisionId}/restore', {
        params: { path: { id, revisionId } },
        body: { version },
        headers: writeHeaders(),
      }),
    );
  },
  async previewLink(id: number) {
    return unwrap(await (await api()).POST('/api/admin/articles/{id}/preview-link', { params: { path: { id } }, headers: writeHeaders() }));
  },
  async categories() {
    return unwrap(await (await api()).GET('/api/admin/categories')).results;
  },
  async createCategory(body: { name: string; description: string; color: string }) {
    return unwrap(await (await api()).POST('/api/admin/categories', { body, headers: writeHeaders() }));
  },
  async updateCategory(id: number, body: { name?: string; description?: string }) {
    return unwrap(await (await api()).PUT('/api/admin/categories/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async reorderCategories(ids: number[]) {
    return unwrap(await (await api()).POST('/api/admin/categories/order', { body: { ids }, headers: writeHeaders() })).results;
  },
  async deleteCategory(id: number) {
    const answer = await (await api()).DELETE('/api/admin/categories/{id}', { params: { path: { id } }, headers: writeHeaders() });
    if (!answer.response.ok) throw failure(answer);
  },
  /** An image for an image field: a sound sent here (it is in the library now) is not what the field takes. */
  async upload(file: File, alt: string, focal: { focalX?: number; focalY?: number } = {}): Promise<MediaItem> {
    const entry = await uploadEntry(file, alt, focal);
    if (!isImage(entry)) throw new NewsroomError('Ce fichier est un son : choisissez une image (JPEG, PNG, WebP, AVIF).', 415, entry);
    return entry;
  },
  /** A sound (a quiz question's audio): MP3, Ogg or M4A, recognised by the server from its bytes. */
  async uploadSound(file: File, description: string): Promise<MediaSound> {
    const entry = await uploadEntry(file, description);
    if (!isSound(entry)) throw new NewsroomError('Ce fichier est une image : choisissez un son (MP3, Ogg, M4A).', 415, entry);
    return entry;
  },
  /** One page of the library's images, newest first; `q` searches file names and alt texts. */
  async media(limit = 12, offset = 0, q = ''): Promise<MediaItem[]> {
    return (await mediaPage(limit, offset, q, 'image')).filter(isImage);
  },
  /** One page of the library's sounds, newest first. */
  async sounds(limit = 12, offset = 0, q = ''): Promise<MediaSound[]> {
    return (await mediaPage(limit, offset, q, 'audio')).filter(isSound);
  },
  /** One page of the whole library, images and sounds (the library's own page). */
  async library(limit = 12, offset = 0): Promise<MediaEntry[]> {
    return mediaPage(limit, offset, '');
  },
  /** Every content using a library item, in every format and state (empty: nothing does). */
  async mediaUsages(id: number): Promise<MediaUsage[]> {
    return unwrap(await (await api()).GET('/api/admin/media/{id}/usages', { params: { path: { id } } })).usages;
  },
  /** Refused with a 409 whose body lists the contents using it (`usagesOfRefusal`). */
  async deleteMedia(id: number): Promise<void> {
    const answer = await (await api()).DELETE('/api/admin/media/{id}', { params: { path: { id } }, headers: writeHeaders() });
    if (!answer.response.ok) throw failure(answer);
  },
  async staff() {
    return unwrap(await (await api()).GET('/api/admin/staff')).results;
  },
  async createStaff(body: { email: string; name: string; role: StaffRole; password: string }) {
    return unwrap(await (await api()).POST('/api/admin/staff', { body, headers: writeHeaders() }));
  },
  async setStaffActive(id: number, active: boolean) {
    return unwrap(
      await (await api()).POST('/api/admin/staff/{id}/status', { params: { path: { id } }, body: { active }, headers: writeHeaders() }),
    );
  },
  /** A provisional password for another account (admins): shown once, to be handed over. */
  async resetStaffPassword(id: number) {
    return unwrap(await (await api()).POST('/api/admin/staff/{id}/password-reset', { params: { path: { id } }, headers: writeHeaders() }));
  },
  async changePassword(currentPassword: string, newPassword: string) {
    return unwrap(
      await (await api()).POST('/api/admin/account/password', { body: { currentPassword, newPassword }, headers: writeHeaders() }),
    );
  },
  async authors() {
    return unwrap(await (await api()).GET('/api/admin/authors')).results;
  },
  async createAuthor(body: AuthorInput) {
    return unwrap(await (await api()).POST('/api/admin/authors', { body, headers: writeHeaders() }));
  },
  async updateAuthor(id: number, body: AuthorInput) {
    return unwrap(await (await api()).PUT('/api/admin/authors/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  async imports() {
    return unwrap(await (await api()).GET('/api/admin/imports', { params: { query: { limit: 20, offset: 0 } } })).results;
  },
  async importRun(id: number) {
    return unwrap(await (await api()).GET('/api/admin/imports/{id}', { params: { path: { id } } }));
  },
  /** The export file is the body, as is: streamed to the server's disk, never read whole in the browser. */
  async startImport(
    file: File,
    query: { source: ImportSourceKind; dryRun: boolean; category?: string; pagesCategory?: string },
  ): Promise<ImportRun> {
    return unwrap(
      await (await api()).POST('/api/admin/imports', {
        params: { query: { ...query, fileName: file.name.slice(0, 200) || 'export' } },
        body: file as unknown as string,
        bodySerializer: (body: unknown) => body as Blob,
        headers: { ...writeHeaders(), 'content-type': 'application/octet-stream' },
      }),
    );
  },
  /** The redirect table's page: newest first, `q` filtering on either address. */
  async bestof() {
    return unwrap(await (await api()).GET('/api/admin/bestof'));
  },
  async saveBestof(body: { ids: number[]; version: string }) {
    return unwrap(await (await api()).PUT('/api/admin/bestof', { body, headers: writeHeaders() }));
  },
  async redirects(page: { q?: string; offset?: number; limit?: number } = {}) {
    const query = { limit: page.limit ?? REDIRECTS_PAGE, offset: page.offset ?? 0, ...(page.q ? { q: page.q } : {}) };
    return unwrap(await (await api()).GET('/api/admin/redirects', { params: { query } }));
  },
  async createRedirect(body: { from: string; to: string }) {
    return unwrap(await (await api()).POST('/api/admin/redirects', { body, headers: writeHeaders() }));
  },
  async deleteRedirect(id: number) {
    const answer = await (await api()).DELETE('/api/admin/redirects/{id}', { params: { path: { id } }, headers: writeHeaders() });
    if (!answer.response.ok) throw failure(answer);
  },
  async audit(offset = 0) {
    return unwrap(await (await api()).GET('/api/admin/audit', { params: { query: { limit: 50, offset } } })).results;
  },
  /** The survey popins' totals over the last `days` days (today included), or since the beginning (null). */
  async surveys(days: number | null): Promise<SurveyResultList> {
    return unwrap(await (await api()).GET('/api/admin/surveys', { params: { query: days === null ? {} : { days } } }));
  },
  /** The audience figures from `from` to `to` (UTC days), the site's or one page's (decision 028). */
  async audience(from: string, to: string, path: string | null): Promise<AudienceReport> {
    return unwrap(await (await api()).GET('/api/admin/audience', { params: { query: path === null ? { from, to } : { from, to, path } } }));
  },
  /** The newsletter's issues, every state, the most recent first, with their delivery counts. */
  async newsletterIssues(offset = 0): Promise<NewsletterIssueList> {
    return unwrap(await (await api()).GET('/api/admin/newsletters', { params: { query: { limit: 50, offset } } }));
  },
  async newsletterIssue(id: number): Promise<NewsletterIssue> {
    return unwrap(await (await api()).GET('/api/admin/newsletters/{id}', { params: { path: { id } } }));
  },
  async createNewsletterIssue(body: NewsletterIssueCreateInput): Promise<NewsletterIssue> {
    return unwrap(await (await api()).POST('/api/admin/newsletters', { body, headers: writeHeaders() }));
  },
  async saveNewsletterIssue(id: number, body: NewsletterIssueUpdateInput): Promise<NewsletterIssue> {
    return unwrap(await (await api()).PUT('/api/admin/newsletters/{id}', { params: { path: { id } }, body, headers: writeHeaders() }));
  },
  /** `schedule` (at `scheduledAt`, or now without it), `cancel`, `draft`. */
  async changeNewsletterIssueStatus(id: number, body: NewsletterIssueStatusInput): Promise<NewsletterIssue> {
    return unwrap(
      await (await api()).POST('/api/admin/newsletters/{id}/status', { params: { path: { id } }, body, headers: writeHeaders() }),
    );
  },
  /** The mail as subscribers will get it: subject, preheader, HTML and text parts. */
  async previewNewsletterIssue(id: number): Promise<NewsletterIssuePreview> {
    return unwrap(await (await api()).GET('/api/admin/newsletters/{id}/preview', { params: { path: { id } } }));
  },
  /** One mail, subject prefixed with "[Test]", to one address; answers the server's French sentence. */
  async sendNewsletterTest(id: number, email: string): Promise<string> {
    return unwrap(
      await (await api()).POST('/api/admin/newsletters/{id}/test', { params: { path: { id } }, body: { email }, headers: writeHeaders() }),
    ).message;
  },
};

/** What a newsroom page's loader hands its page: the data, or the French sentence of why not. */
export interface PageData<T> {
  data: T | null;
  error: string | null;
}

/** Runs a page's first call for its route loader; a refusal becomes the sentence the page shows. */
export async function pageData<T>(load: () => Promise<T>, unavailable: string): Promise<PageData<T>> {
  try {
    return { data: await load(), error: null };
  } catch (caught) {
    return { data: null, error: caught instanceof NewsroomError ? caught.message : unavailable };
  }
}
