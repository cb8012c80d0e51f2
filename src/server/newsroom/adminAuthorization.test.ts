/**
 * The newsroom under attack (issue 23): every admin operation of the contract × every role, from one table.
 * A contributor cannot publish, schedule, change the slug of a published article, read the audit log, manage
 * staff or restore (or even read) a colleague's draft; no endpoint hands a colleague's draft to a contributor
 * or an author by its id (IDOR). A new admin operation in `openapi/` without a row here fails the first test,
 * so every format added to the newsroom declares who may call it.
 * On PGlite and PostgreSQL (TEST_DATABASE_URL), with one account per role and a second editor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, type OperationId } from '../../api/generated/operations.ts';
import * as contract from '../../api/generated/zod.ts';
import { contestEntries, type StaffRole } from '../../db/schema.ts';
import type { AdminQuiz } from '../../api/types.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { draftBody, PASSWORD, ROLES, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { popinDraftBody } from '../../testing/popinFixtures.ts';
import { type LibraryImage, quizDraftBody, uploadLibraryImage } from '../../testing/quizDraftFixture.ts';
import { shoppingDraftBody } from '../../testing/shoppingFixtures.ts';
import { instagramDraftBody } from '../../testing/instagramFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { entryBody, liveBlogBody } from '../../testing/liveBlogFixtures.ts';
import { createStaff } from './staff.server.ts';

/** `ok`: a 2xx. `refused`: a 403 with a French sentence. `allowed`: neither 401 nor 403 (the call's input is junk on purpose, so a 4xx). */
type Outcome = 'ok' | 'refused' | 'allowed';
type Policy = Record<StaffRole, Outcome>;

const everyone: Policy = { contributor: 'ok', author: 'ok', editor: 'ok', admin: 'ok' };
const everyoneAllowed: Policy = { contributor: 'allowed', author: 'allowed', editor: 'allowed', admin: 'allowed' };
const authorsUp: Policy = { contributor: 'refused', author: 'ok', editor: 'ok', admin: 'ok' };
const editorsOnly: Policy = { contributor: 'refused', author: 'refused', editor: 'ok', admin: 'ok' };
const adminsOnly: Policy = { contributor: 'refused', author: 'refused', editor: 'refused', admin: 'ok' };

type AdminOperationId = {
  [K in OperationId]: (typeof apiOperations)[K]['path'] extends `/api/admin/${string}` ? K : never;
}[OperationId];

interface Case {
  what: string;
  policy: Policy;
  call: (role: StaffRole, as: Signed) => Promise<Response>;
}

const mediaDir = mkdtempSync(join(tmpdir(), 'piquante-authz-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** Authorization only: the queue and the mail's renderer are not what this file tests (issues: newsletterIssues.test.ts). */
const issues = {
  jobs: { enqueue: async () => 'queued' },
  render: async (input: { subject: string }) => ({ html: `<p>${input.subject}</p>`, text: input.subject }),
  siteUrl: 'http://magazine.test',
};

describe.each(testDatabaseKinds)('every admin operation × every role on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: mediaDir }, { issues });
  const { request, signed } = api;
  let colleague: Signed;
  let unique = 0;
  const next = () => ++unique;

  beforeAll(async () => {
    await createStaff(api.database().db, { email: 'editor2@piquante.test', name: 'Seconde éditrice', role: 'editor', password: PASSWORD });
    colleague = await signInAs('editor2@piquante.test');
  });

  async function signInAs(email: string): Promise<Signed> {
    const response = await request('POST', '/api/admin/session', {
      body: { email, password: PASSWORD },
      headers: { 'x-test-ip': '10.9.9.9' },
    });
    expect(response.status, email).toBe(200);
    const body = (await response.json()) as { csrfToken: string; staff: { id: number } };
    return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: body.csrfToken, id: body.staff.id };
  }

  async function draftAs(as: Signed, title: string) {
    const response = await request('POST', '/api/admin/articles', { as, body: draftBody(`${title} ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminArticle.parse(await response.json());
  }

  async function publishedAs(as: Signed, title: string) {
    const draft = await draftAs(as, title);
    const response = await request('POST', `/api/admin/articles/${draft.id}/status`, {
      as: colleague,
      body: { action: 'publish', version: draft.version },
    });
    expect(response.status).toBe(200);
    return contract.AdminArticle.parse(await response.json());
  }

  async function saveAs(as: Signed, article: { id: number; version: number; title: string }, extra: Record<string, unknown> = {}) {
    return request('PUT', `/api/admin/articles/${article.id}`, {
      as,
      body: { ...draftBody(article.title), version: article.version, ...extra },
    });
  }

  async function png() {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 16, b: 46 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), 'piment.png');
    form.set('alt', 'Un piment rouge');
    const encoded = new Response(form);
    return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
  }

  async function uploadAs(as: Signed) {
    const { body, contentType } = await png();
    return request('POST', '/api/admin/media', { as, body, headers: { 'content-type': contentType } });
  }

  async function categoryAsAdmin() {
    const response = await request('POST', '/api/admin/categories', {
      as: signed('admin'),
      body: { name: `Rubrique jetable ${next()}`, description: 'd', color: '#123456' },
    });
    expect(response.status).toBe(201);
    return contract.AdminCategory.parse(await response.json());
  }

  async function publishedArticleId() {
    const list = (await (await request('GET', '/api/articles?limit=1')).json()) as { results: { id: number }[] };
    const id = list.results[0]?.id;
    if (!id) throw new Error('no published article');
    return id;
  }

  async function issueAsAdmin() {
    const response = await request('POST', '/api/admin/newsletters', {
      as: signed('admin'),
      body: { subject: `Numéro ${next()}`, newsletterType: 1, articleIds: [await publishedArticleId()] },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.NewsletterIssue.parse(await response.json());
  }

  async function popinAs(as: Signed) {
    const response = await request('POST', '/api/admin/popins', { as, body: popinDraftBody(`Popin ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminPopin.parse(await response.json());
  }

  async function shoppingAs(as: Signed) {
    const response = await request('POST', '/api/admin/shopping', { as, body: shoppingDraftBody(`Produit ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminShoppingItem.parse(await response.json());
  }

  async function instagramAs(as: Signed) {
    const response = await request('POST', '/api/admin/instagram', { as, body: instagramDraftBody(`Post ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminInstagramPost.parse(await response.json());
  }

  async function liveBlogAs(as: Signed, state: 'draft' | 'live' = 'draft') {
    const response = await request('POST', '/api/admin/live-blogs', { as, body: liveBlogBody(`Direct ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    const blog = contract.AdminLiveBlog.parse(await response.json());
    if (state === 'live') {
      const body = { action: 'publish', version: blog.version };
      const opened = await request('POST', `/api/admin/live-blogs/${blog.id}/status`, { as: colleague, body });
      expect(opened.status).toBe(200);
      return contract.AdminLiveBlog.parse(await opened.json());
    }
    return blog;
  }

  /** An entry of a colleague's live blog, written by `as` (published unless a contributor wrote it). */
  async function entryAs(as: Signed) {
    const blog = await liveBlogAs(colleague, 'live');
    const response = await request('POST', `/api/admin/live-blogs/${blog.id}/entries`, { as, body: entryBody(`Entrée ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return { blog, entry: contract.AdminLiveBlogEntry.parse(await response.json()) };
  }

  async function mosaicAs(as: Signed) {
    const response = await request('POST', '/api/admin/mosaics', { as, body: mosaicDraftBody(`Mosaïque ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminMosaic.parse(await response.json());
  }

  async function contestAs(as: Signed) {
    const response = await request('POST', '/api/admin/contests', { as, body: contestDraftBody(`Concours ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminContest.parse(await response.json());
  }

  const future = () => new Date(api.clock.now().getTime() + 86_400_000).toISOString();

  async function quotationAs(as: Signed) {
    const response = await request('POST', '/api/admin/quotations', { as, body: { text: `Citation ${next()}`, author: 'Une autrice' } });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminQuotation.parse(await response.json());
  }

  async function generatorAs(as: Signed) {
    const response = await request('POST', '/api/admin/generators', { as, body: generatorDraftBody(`Générateur ${next()}`) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminGenerator.parse(await response.json());
  }

  /** Who may call what. Each case makes its own fixtures, so the order of the rows does not matter. */
  const table: Record<AdminOperationId, Case[]> = {
    getAdminSession: [{ what: 'who am I', policy: everyone, call: (_, as) => request('GET', '/api/admin/session', { as }) }],
    signInStaff: [
      {
        what: 'sign in with one’s own password',
        policy: everyone,
        call: (role) => request('POST', '/api/admin/session', { body: { email: `${role}@piquante.test`, password: PASSWORD } }),
      },
    ],
    requestPasswordReset: [
      {
        what: '« Mot de passe oublié ? » (before any session: the same 202 for everyone)',
        policy: everyone,
        call: (role) => request('POST', '/api/admin/password-reset', { body: { email: `${role}-${next()}@piquante.test` } }),
      },
    ],
    confirmPasswordReset: [
      {
        what: 'an unknown link',
        policy: everyoneAllowed,
        call: () => request('POST', '/api/admin/password-reset/confirm', { body: { token: 'x'.repeat(43), newPassword: 'x'.repeat(12) } }),
      },
    ],
    signOutStaff: [
      {
        what: 'sign out (a session of its own)',
        policy: everyone,
        call: async (role) => request('POST', '/api/admin/session/logout', { as: await api.signIn(role) }),
      },
    ],
    passkeySignInOptions: [
      {
        what: 'passkey sign-in options',
        policy: everyone,
        call: () => request('POST', '/api/admin/session/passkey-options', { body: {} }),
      },
    ],
    signInWithPasskey: [
      {
        what: 'a junk assertion',
        policy: everyoneAllowed,
        call: () => request('POST', '/api/admin/session/passkey', { body: { challengeId: 'x', response: {} } }),
      },
    ],
    listPasskeys: [{ what: 'one’s own passkeys', policy: everyone, call: (_, as) => request('GET', '/api/admin/passkeys', { as }) }],
    passkeyRegistrationOptions: [
      { what: 'registration options', policy: everyone, call: (_, as) => request('POST', '/api/admin/passkeys/options', { as }) },
    ],
    registerPasskey: [
      {
        what: 'a junk attestation',
        policy: everyoneAllowed,
        call: (_, as) => request('POST', '/api/admin/passkeys', { as, body: { response: {} } }),
      },
    ],
    deletePasskey: [
      // Someone else's key answers 404 like an unknown one (accountApi.test.ts): nobody learns it exists.
      { what: 'an unknown key', policy: everyoneAllowed, call: (_, as) => request('DELETE', '/api/admin/passkeys/inconnue', { as }) },
    ],
    listStaff: [{ what: 'the staff list', policy: adminsOnly, call: (_, as) => request('GET', '/api/admin/staff', { as }) }],
    createStaff: [
      {
        what: 'create an account',
        policy: adminsOnly,
        call: (_, as) =>
          request('POST', '/api/admin/staff', {
            as,
            body: { email: `compte-${next()}@piquante.test`, name: 'Nouveau', role: 'contributor', password: PASSWORD },
          }),
      },
    ],
    setStaffStatus: [
      {
        what: 'disable an account',
        policy: adminsOnly,
        call: async (_, as) => {
          const member = await createStaff(api.database().db, {
            email: `a-desactiver-${next()}@piquante.test`,
            name: 'À désactiver',
            role: 'contributor',
            password: PASSWORD,
          });
          return request('POST', `/api/admin/staff/${member.id}/status`, { as, body: { active: false } });
        },
      },
    ],
    resetStaffPassword: [
      {
        what: 'give another account a provisional password',
        policy: adminsOnly,
        call: async (_, as) => {
          const member = await createStaff(api.database().db, {
            email: `a-reinitialiser-${next()}@piquante.test`,
            name: 'À réinitialiser',
            role: 'author',
            password: PASSWORD,
          });
          return request('POST', `/api/admin/staff/${member.id}/password-reset`, { as });
        },
      },
    ],
    changeOwnPassword: [
      {
        what: 'change one’s own password',
        policy: everyone,
        call: async (role) => {
          const email = `mot-de-passe-${next()}@piquante.test`;
          await createStaff(api.database().db, { email, name: 'Mot de passe', role, password: PASSWORD });
          return request('POST', '/api/admin/account/password', {
            as: await signInAs(email),
            body: { currentPassword: PASSWORD, newPassword: 'un tout nouveau mot de passe' },
          });
        },
      },
    ],
    listAdminAuthors: [{ what: 'the bylines', policy: everyone, call: (_, as) => request('GET', '/api/admin/authors', { as }) }],
    createAdminAuthor: [
      {
        what: 'create a byline',
        policy: editorsOnly,
        call: (_, as) =>
          request('POST', '/api/admin/authors', { as, body: { name: `Signature ${next()}`, role: 'Pigiste', bio: '', photo: null } }),
      },
    ],
    updateAdminAuthor: [
      {
        what: 'edit a byline',
        policy: editorsOnly,
        call: async (_, as) => {
          const list = contract.ListAdminAuthorsResponse.parse(await (await request('GET', '/api/admin/authors', { as })).json());
          const [first] = list.results;
          if (!first) throw new Error('no author to edit');
          return request('PUT', `/api/admin/authors/${first.id}`, {
            as,
            body: { name: first.name, role: first.role, bio: 'Bio revue.', photo: first.photo },
          });
        },
      },
    ],
    listAdminArticles: [{ what: 'the list', policy: everyone, call: (_, as) => request('GET', '/api/admin/articles', { as }) }],
    createAdminArticle: [
      {
        what: 'a new draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/articles', { as, body: draftBody(`Neuf ${next()}`) }),
      },
    ],
    getAdminArticle: [
      {
        what: 'one’s own draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/articles/${(await draftAs(as, 'Le mien')).id}`, { as }),
      },
      {
        what: 'a colleague’s draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/articles/${(await draftAs(colleague, 'Pas le tien')).id}`, { as }),
      },
      {
        what: 'a colleague’s published article',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/articles/${(await publishedAs(colleague, 'Public')).id}`, { as }),
      },
    ],
    updateAdminArticle: [
      { what: 'save one’s own draft', policy: everyone, call: async (_, as) => saveAs(as, await draftAs(as, 'À moi')) },
      { what: 'save a colleague’s draft', policy: editorsOnly, call: async (_, as) => saveAs(as, await draftAs(colleague, 'À elle')) },
      {
        what: 'change the slug of one’s own published article',
        policy: authorsUp,
        call: async (_, as) => saveAs(as, await publishedAs(as, 'Publié'), { slug: `nouveau-slug-${next()}` }),
      },
    ],
    changeAdminArticleStatus: [
      {
        what: 'publish one’s own draft',
        policy: authorsUp,
        call: async (_, as) => {
          const draft = await draftAs(as, 'À publier');
          return request('POST', `/api/admin/articles/${draft.id}/status`, { as, body: { action: 'publish', version: draft.version } });
        },
      },
      {
        what: 'schedule one’s own draft',
        policy: authorsUp,
        call: async (_, as) => {
          const draft = await draftAs(as, 'À programmer');
          return request('POST', `/api/admin/articles/${draft.id}/status`, {
            as,
            body: { action: 'schedule', version: draft.version, scheduledAt: future() },
          });
        },
      },
      {
        what: 'publish a colleague’s draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const draft = await draftAs(colleague, 'Sa publication');
          return request('POST', `/api/admin/articles/${draft.id}/status`, { as, body: { action: 'publish', version: draft.version } });
        },
      },
      {
        what: 'unpublish a colleague’s article',
        policy: editorsOnly,
        call: async (_, as) => {
          const article = await publishedAs(colleague, 'Sa page');
          return request('POST', `/api/admin/articles/${article.id}/status`, {
            as,
            body: { action: 'unpublish', version: article.version },
          });
        },
      },
    ],
    listArticleRevisions: [
      {
        what: 'one’s own draft’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/articles/${(await draftAs(as, 'Versions')).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s draft’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/articles/${(await draftAs(colleague, 'Ses versions')).id}/revisions`, { as }),
      },
    ],
    restoreArticleRevision: [
      {
        what: 'restore a revision of one’s own draft',
        policy: everyone,
        call: async (_, as) => restoreFirstRevision(as, as),
      },
      {
        what: 'restore a revision of a colleague’s draft',
        policy: editorsOnly,
        call: async (_, as) => restoreFirstRevision(colleague, as),
      },
    ],
    createPreviewLink: [
      {
        what: 'preview one’s own draft',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/articles/${(await draftAs(as, 'Aperçu')).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s draft',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/articles/${(await draftAs(colleague, 'Son aperçu')).id}/preview-link`, { as }),
      },
    ],
    listAdminQuizzes: [{ what: 'the quizzes', policy: everyone, call: (_, as) => request('GET', '/api/admin/quizzes', { as }) }],
    createAdminQuiz: [
      {
        what: 'a new quiz draft',
        policy: everyone,
        call: async (_, as) => request('POST', '/api/admin/quizzes', { as, body: await quizBody('Neuf') }),
      },
    ],
    getAdminQuiz: [
      {
        what: 'one’s own quiz draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/quizzes/${(await quizDraftAs(as, 'Le mien')).id}`, { as }),
      },
      {
        what: 'a colleague’s quiz draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/quizzes/${(await quizDraftAs(colleague, 'Pas le tien')).id}`, { as }),
      },
      {
        what: 'a colleague’s published quiz',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/quizzes/${(await publishedQuizAs(colleague, 'Public')).id}`, { as }),
      },
    ],
    updateAdminQuiz: [
      { what: 'save one’s own quiz draft', policy: everyone, call: async (_, as) => saveQuizAs(as, await quizDraftAs(as, 'À moi')) },
      {
        what: 'save a colleague’s quiz draft',
        policy: editorsOnly,
        call: async (_, as) => saveQuizAs(as, await quizDraftAs(colleague, 'À elle')),
      },
      {
        what: 'change one’s own published quiz',
        policy: authorsUp,
        call: async (_, as) => saveQuizAs(as, await publishedQuizAs(as, 'Publié')),
      },
    ],
    changeAdminQuizStatus: [
      {
        what: 'publish one’s own quiz draft',
        policy: authorsUp,
        call: async (_, as) => {
          const draft = await quizDraftAs(as, 'À publier');
          return request('POST', `/api/admin/quizzes/${draft.id}/status`, { as, body: { action: 'publish', version: draft.version } });
        },
      },
      {
        what: 'schedule one’s own quiz draft',
        policy: authorsUp,
        call: async (_, as) => {
          const draft = await quizDraftAs(as, 'À programmer');
          return request('POST', `/api/admin/quizzes/${draft.id}/status`, {
            as,
            body: { action: 'schedule', version: draft.version, scheduledAt: future() },
          });
        },
      },
      {
        what: 'unpublish a colleague’s quiz',
        policy: editorsOnly,
        call: async (_, as) => {
          const quiz = await publishedQuizAs(colleague, 'Sa page');
          return request('POST', `/api/admin/quizzes/${quiz.id}/status`, { as, body: { action: 'unpublish', version: quiz.version } });
        },
      },
    ],
    listQuizRevisions: [
      {
        what: 'one’s own quiz draft’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/quizzes/${(await quizDraftAs(as, 'Versions')).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s quiz draft’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/quizzes/${(await quizDraftAs(colleague, 'Ses versions')).id}/revisions`, { as }),
      },
    ],
    restoreQuizRevision: [
      { what: 'restore a revision of one’s own quiz draft', policy: everyone, call: async (_, as) => restoreFirstQuizRevision(as, as) },
      {
        what: 'restore a revision of a colleague’s quiz draft',
        policy: editorsOnly,
        call: async (_, as) => restoreFirstQuizRevision(colleague, as),
      },
    ],
    createQuizPreviewLink: [
      {
        what: 'preview one’s own quiz draft',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/quizzes/${(await quizDraftAs(as, 'Aperçu')).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s quiz draft',
        policy: editorsOnly,
        call: async (_, as) =>
          request('POST', `/api/admin/quizzes/${(await quizDraftAs(colleague, 'Son aperçu')).id}/preview-link`, { as }),
      },
    ],
    runScheduler: [
      { what: 'run the scheduler', policy: editorsOnly, call: (_, as) => request('POST', '/api/admin/scheduler/run', { as }) },
    ],
    listAdminCategories: [{ what: 'the categories', policy: everyone, call: (_, as) => request('GET', '/api/admin/categories', { as }) }],
    createAdminCategory: [
      {
        what: 'create a category',
        policy: editorsOnly,
        call: (_, as) =>
          request('POST', '/api/admin/categories', { as, body: { name: `Rubrique ${next()}`, description: 'd', color: '#123456' } }),
      },
    ],
    reorderAdminCategories: [
      {
        what: 'reorder the categories',
        policy: editorsOnly,
        call: async (_, as) => {
          const list = contract.ListAdminCategoriesResponse.parse(await (await request('GET', '/api/admin/categories', { as })).json());
          return request('POST', '/api/admin/categories/order', { as, body: { ids: list.results.map((c) => c.id) } });
        },
      },
    ],
    updateAdminCategory: [
      {
        what: 'rename a category',
        policy: editorsOnly,
        call: async (_, as) => request('PUT', `/api/admin/categories/${(await categoryAsAdmin()).id}`, { as, body: { name: 'Renommée' } }),
      },
    ],
    deleteAdminCategory: [
      {
        what: 'delete an empty category',
        policy: editorsOnly,
        call: async (_, as) => request('DELETE', `/api/admin/categories/${(await categoryAsAdmin()).id}`, { as }),
      },
    ],
    getAdminBestof: [{ what: 'the best-of selection', policy: everyone, call: (_, as) => request('GET', '/api/admin/bestof', { as }) }],
    saveAdminBestof: [
      {
        what: 'order the best-of selection',
        policy: editorsOnly,
        call: async (_, as) => {
          const current = contract.GetAdminBestofResponse.parse(await (await request('GET', '/api/admin/bestof', { as })).json());
          return request('PUT', '/api/admin/bestof', { as, body: { ids: current.articles.map((a) => a.id), version: current.version } });
        },
      },
    ],
    listAdminRedirects: [
      { what: 'the redirects', policy: everyone, call: (_, as) => request('GET', '/api/admin/redirects?q=ancien', { as }) },
    ],
    createAdminRedirect: [
      {
        what: 'add a redirect',
        policy: editorsOnly,
        call: (_, as) => request('POST', '/api/admin/redirects', { as, body: { from: `/ancien-${next()}/`, to: '/mode' } }),
      },
    ],
    deleteAdminRedirect: [
      {
        what: 'remove a redirect',
        policy: editorsOnly,
        call: async (_, as) => {
          const created = await request('POST', '/api/admin/redirects', {
            as: signed('admin'),
            body: { from: `/ancien-${next()}`, to: '/mode' },
          });
          return request('DELETE', `/api/admin/redirects/${contract.CreateAdminRedirectResponse.parse(await created.json()).id}`, { as });
        },
      },
    ],
    listMedia: [{ what: 'the media library', policy: everyone, call: (_, as) => request('GET', '/api/admin/media', { as }) }],
    uploadMedia: [{ what: 'upload an image', policy: everyone, call: (_, as) => uploadAs(as) }],
    deleteMedia: [
      {
        what: 'delete an image',
        policy: editorsOnly,
        call: async (_, as) => {
          const uploaded = contract.UploadMediaResponse.parse(await (await uploadAs(signed('contributor'))).json());
          return request('DELETE', `/api/admin/media/${uploaded.id}`, { as });
        },
      },
    ],
    listMediaUsages: [
      {
        what: 'who uses an image',
        policy: everyone,
        call: async (_, as) => {
          const uploaded = contract.UploadMediaResponse.parse(await (await uploadAs(signed('contributor'))).json());
          return request('GET', `/api/admin/media/${uploaded.id}/usages`, { as });
        },
      },
    ],
    listAuditLog: [{ what: 'the audit log', policy: adminsOnly, call: (_, as) => request('GET', '/api/admin/audit', { as }) }],
    listAdminPopins: [{ what: 'the popins', policy: everyone, call: (_, as) => request('GET', '/api/admin/popins', { as }) }],
    createAdminPopin: [
      {
        what: 'create a popin draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/popins', { as, body: popinDraftBody('À moi') }),
      },
    ],
    getAdminPopin: [
      {
        what: 'one’s own popin draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/popins/${(await popinAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s popin draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/popins/${(await popinAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminPopin: [
      {
        what: 'save one’s own popin draft',
        policy: everyone,
        call: async (_, as) => {
          const popin = await popinAs(as);
          return request('PUT', `/api/admin/popins/${popin.id}`, { as, body: { ...popinDraftBody('Renommée'), version: popin.version } });
        },
      },
      {
        what: 'save a colleague’s popin draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const popin = await popinAs(colleague);
          return request('PUT', `/api/admin/popins/${popin.id}`, { as, body: { ...popinDraftBody('Prise'), version: popin.version } });
        },
      },
    ],
    changeAdminPopinStatus: [
      {
        what: 'publish one’s own popin',
        policy: authorsUp,
        call: async (_, as) => {
          const popin = await popinAs(as);
          return request('POST', `/api/admin/popins/${popin.id}/status`, { as, body: { action: 'publish', version: popin.version } });
        },
      },
      {
        what: 'publish a colleague’s popin',
        policy: editorsOnly,
        call: async (_, as) => {
          const popin = await popinAs(colleague);
          return request('POST', `/api/admin/popins/${popin.id}/status`, { as, body: { action: 'publish', version: popin.version } });
        },
      },
    ],
    listPopinRevisions: [
      {
        what: 'one’s own popin’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/popins/${(await popinAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s popin’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/popins/${(await popinAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restorePopinRevision: [
      {
        what: 'restore a revision of a colleague’s popin',
        policy: editorsOnly,
        call: async (_, as) => {
          const popin = await popinAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/popins/${popin.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/popins/${popin.id}/revisions/${first}/restore`, { as, body: { version: popin.version } });
        },
      },
    ],
    createPopinPreviewLink: [
      {
        what: 'preview one’s own popin',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/popins/${(await popinAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s popin draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/popins/${(await popinAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createGeneratorPreviewLink: [
      {
        what: 'preview one’s own generator',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/generators/${(await generatorAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s generator draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/generators/${(await generatorAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createQuotationPreviewLink: [
      {
        what: 'preview one’s own quotation',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/quotations/${(await quotationAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s quotation draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/quotations/${(await quotationAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createShoppingItemPreviewLink: [
      {
        what: 'preview one’s own shopping item',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/shopping/${(await shoppingAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s shopping item draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/shopping/${(await shoppingAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createInstagramPostPreviewLink: [
      {
        what: 'preview one’s own Instagram post',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/instagram/${(await instagramAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s Instagram post draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/instagram/${(await instagramAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createMosaicPreviewLink: [
      {
        what: 'preview one’s own mosaic',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/mosaics/${(await mosaicAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s mosaic draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/mosaics/${(await mosaicAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    createContestPreviewLink: [
      {
        what: 'preview one’s own contest',
        policy: everyone,
        call: async (_, as) => request('POST', `/api/admin/contests/${(await contestAs(as)).id}/preview-link`, { as }),
      },
      {
        what: 'preview a colleague’s contest draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('POST', `/api/admin/contests/${(await contestAs(colleague)).id}/preview-link`, { as }),
      },
    ],
    listContestEntries: [
      {
        what: 'a contest’s entries (personal data)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(colleague)).id}/entries`, { as }),
      },
    ],
    exportContestEntries: [
      {
        what: 'a contest’s entries as CSV',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(colleague)).id}/entries/export`, { as }),
      },
    ],
    drawContestWinners: [
      {
        what: 'draw a contest’s winners',
        policy: editorsOnly,
        call: async (_, as) => {
          // A closed contest with one confirmed entry: the draw itself can succeed.
          const response = await request('POST', '/api/admin/contests', {
            as: colleague,
            body: contestDraftBody(`Concours clos ${next()}`, {}, { startDays: -10, endDays: -1 }),
          });
          const contest = contract.AdminContest.parse(await response.json());
          await api
            .database()
            .db.insert(contestEntries)
            .values({
              contestId: contest.id,
              email: `gagnante${next()}@exemple.fr`,
              firstName: 'Ada',
              lastName: 'Lovelace',
              status: 'confirmed',
              tokenHash: `hash-${next()}-${contest.id}`,
              tokenExpiresAt: new Date(),
            });
          return request('POST', `/api/admin/contests/${contest.id}/draw`, { as, body: { winners: 1 } });
        },
      },
    ],
    listAdminShoppingItems: [
      { what: 'the shopping selection', policy: everyone, call: (_, as) => request('GET', '/api/admin/shopping', { as }) },
    ],
    createAdminShoppingItem: [
      {
        what: 'add a shopping item draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/shopping', { as, body: shoppingDraftBody('À moi') }),
      },
    ],
    reorderAdminShoppingItems: [
      {
        what: 'reorder the shopping selection',
        policy: editorsOnly,
        call: async (_, as) => {
          const list = contract.AdminShoppingItemList.parse(
            await (await request('GET', '/api/admin/shopping?limit=100', { as: signed('admin') })).json(),
          );
          return request('PUT', '/api/admin/shopping/order', { as, body: { ids: list.results.map((i) => i.id).reverse() } });
        },
      },
    ],
    getAdminShoppingItem: [
      {
        what: 'one’s own shopping item draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/shopping/${(await shoppingAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s shopping item draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/shopping/${(await shoppingAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminShoppingItem: [
      {
        what: 'save one’s own shopping item draft',
        policy: everyone,
        call: async (_, as) => {
          const item = await shoppingAs(as);
          return request('PUT', `/api/admin/shopping/${item.id}`, { as, body: { ...shoppingDraftBody('Renommé'), version: item.version } });
        },
      },
      {
        what: 'save a colleague’s shopping item draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const item = await shoppingAs(colleague);
          return request('PUT', `/api/admin/shopping/${item.id}`, { as, body: { ...shoppingDraftBody('Pris'), version: item.version } });
        },
      },
    ],
    changeAdminShoppingItemStatus: [
      {
        what: 'publish one’s own shopping item',
        policy: authorsUp,
        call: async (_, as) => {
          const item = await shoppingAs(as);
          return request('POST', `/api/admin/shopping/${item.id}/status`, { as, body: { action: 'publish', version: item.version } });
        },
      },
      {
        what: 'publish a colleague’s shopping item',
        policy: editorsOnly,
        call: async (_, as) => {
          const item = await shoppingAs(colleague);
          return request('POST', `/api/admin/shopping/${item.id}/status`, { as, body: { action: 'publish', version: item.version } });
        },
      },
    ],
    listShoppingItemRevisions: [
      {
        what: 'one’s own shopping item’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/shopping/${(await shoppingAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s shopping item’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/shopping/${(await shoppingAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreShoppingItemRevision: [
      {
        what: 'restore a revision of a colleague’s shopping item',
        policy: editorsOnly,
        call: async (_, as) => {
          const item = await shoppingAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/shopping/${item.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/shopping/${item.id}/revisions/${first}/restore`, { as, body: { version: item.version } });
        },
      },
    ],
    listAdminInstagramPosts: [
      { what: 'the Instagram feed', policy: everyone, call: (_, as) => request('GET', '/api/admin/instagram', { as }) },
    ],
    createAdminInstagramPost: [
      {
        what: 'add an Instagram post draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/instagram', { as, body: instagramDraftBody('À moi') }),
      },
    ],
    getAdminInstagramPost: [
      {
        what: 'one’s own Instagram post draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/instagram/${(await instagramAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s Instagram post draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/instagram/${(await instagramAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminInstagramPost: [
      {
        what: 'save one’s own Instagram post draft',
        policy: everyone,
        call: async (_, as) => {
          const post = await instagramAs(as);
          return request('PUT', `/api/admin/instagram/${post.id}`, { as, body: { ...instagramDraftBody('Relu'), version: post.version } });
        },
      },
      {
        what: 'save a colleague’s Instagram post draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await instagramAs(colleague);
          return request('PUT', `/api/admin/instagram/${post.id}`, { as, body: { ...instagramDraftBody('Pris'), version: post.version } });
        },
      },
    ],
    changeAdminInstagramPostStatus: [
      {
        what: 'publish one’s own Instagram post',
        policy: authorsUp,
        call: async (_, as) => {
          const post = await instagramAs(as);
          return request('POST', `/api/admin/instagram/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
      {
        what: 'publish a colleague’s Instagram post',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await instagramAs(colleague);
          return request('POST', `/api/admin/instagram/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
    ],
    listInstagramPostRevisions: [
      {
        what: 'one’s own Instagram post’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/instagram/${(await instagramAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s Instagram post’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/instagram/${(await instagramAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreInstagramPostRevision: [
      {
        what: 'restore a revision of a colleague’s Instagram post',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await instagramAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/instagram/${post.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/instagram/${post.id}/revisions/${first}/restore`, { as, body: { version: post.version } });
        },
      },
    ],
    listAdminLiveBlogs: [{ what: 'the live blogs', policy: everyone, call: (_, as) => request('GET', '/api/admin/live-blogs', { as }) }],
    createAdminLiveBlog: [
      {
        what: 'add a live blog draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/live-blogs', { as, body: liveBlogBody('À moi') }),
      },
    ],
    getAdminLiveBlog: [
      {
        what: 'one’s own live blog draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/live-blogs/${(await liveBlogAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s live blog draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/live-blogs/${(await liveBlogAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminLiveBlog: [
      {
        what: 'save one’s own live blog draft',
        policy: everyone,
        call: async (_, as) => {
          const blog = await liveBlogAs(as);
          return request('PUT', `/api/admin/live-blogs/${blog.id}`, { as, body: { ...liveBlogBody('Autre'), version: blog.version } });
        },
      },
      {
        what: 'save a colleague’s live blog draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const blog = await liveBlogAs(colleague);
          return request('PUT', `/api/admin/live-blogs/${blog.id}`, { as, body: { ...liveBlogBody('Pris'), version: blog.version } });
        },
      },
    ],
    changeAdminLiveBlogStatus: [
      {
        what: 'open one’s own live blog',
        policy: authorsUp,
        call: async (_, as) => {
          const blog = await liveBlogAs(as);
          return request('POST', `/api/admin/live-blogs/${blog.id}/status`, { as, body: { action: 'publish', version: blog.version } });
        },
      },
      {
        what: 'open a colleague’s live blog',
        policy: editorsOnly,
        call: async (_, as) => {
          const blog = await liveBlogAs(colleague);
          return request('POST', `/api/admin/live-blogs/${blog.id}/status`, { as, body: { action: 'publish', version: blog.version } });
        },
      },
    ],
    endAdminLiveBlog: [
      {
        what: 'end a colleague’s live blog',
        policy: editorsOnly,
        call: async (_, as) => {
          const blog = await liveBlogAs(colleague, 'live');
          return request('POST', `/api/admin/live-blogs/${blog.id}/end`, { as, body: { version: blog.version } });
        },
      },
    ],
    listLiveBlogRevisions: [
      {
        what: 'a colleague’s live blog’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/live-blogs/${(await liveBlogAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreLiveBlogRevision: [
      {
        what: 'restore a revision of a colleague’s live blog',
        policy: editorsOnly,
        call: async (_, as) => {
          const blog = await liveBlogAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/live-blogs/${blog.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/live-blogs/${blog.id}/revisions/${first}/restore`, { as, body: { version: blog.version } });
        },
      },
    ],
    createLiveBlogEntry: [
      {
        what: 'post an entry (a contributor’s waits as a draft)',
        policy: everyone,
        call: async (_, as) =>
          request('POST', `/api/admin/live-blogs/${(await liveBlogAs(colleague, 'live')).id}/entries`, { as, body: entryBody('Vu') }),
      },
    ],
    correctLiveBlogEntry: [
      {
        what: 'correct a colleague’s published entry',
        policy: editorsOnly,
        call: async (_, as) => {
          const { blog, entry } = await entryAs(colleague);
          return request('PUT', `/api/admin/live-blogs/${blog.id}/entries/${entry.id}`, { as, body: entryBody('Corrigé') });
        },
      },
      {
        what: 'correct one’s own entry',
        policy: everyone,
        call: async (_, as) => {
          const { blog, entry } = await entryAs(as);
          return request('PUT', `/api/admin/live-blogs/${blog.id}/entries/${entry.id}`, { as, body: entryBody('Corrigé') });
        },
      },
    ],
    deleteLiveBlogEntry: [
      {
        what: 'delete a colleague’s published entry',
        policy: editorsOnly,
        call: async (_, as) => {
          const { blog, entry } = await entryAs(colleague);
          return request('DELETE', `/api/admin/live-blogs/${blog.id}/entries/${entry.id}`, { as });
        },
      },
    ],
    pinLiveBlogEntry: [
      {
        what: 'pin an entry of a colleague’s live blog',
        policy: editorsOnly,
        call: async (_, as) => {
          const { blog, entry } = await entryAs(colleague);
          return request('POST', `/api/admin/live-blogs/${blog.id}/entries/${entry.id}/pin`, { as, body: { pinned: true } });
        },
      },
    ],
    publishLiveBlogEntry: [
      {
        what: 'publish a contributor’s draft entry',
        policy: editorsOnly,
        call: async (_, as) => {
          const { blog, entry } = await entryAs(signed('contributor'));
          return request('POST', `/api/admin/live-blogs/${blog.id}/entries/${entry.id}/publish`, { as });
        },
      },
    ],
    listAdminMosaics: [{ what: 'the mosaics', policy: everyone, call: (_, as) => request('GET', '/api/admin/mosaics', { as }) }],
    createAdminMosaic: [
      {
        what: 'add a mosaic draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/mosaics', { as, body: mosaicDraftBody('À moi') }),
      },
    ],
    getAdminMosaic: [
      {
        what: 'one’s own mosaic draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/mosaics/${(await mosaicAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s mosaic draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/mosaics/${(await mosaicAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminMosaic: [
      {
        what: 'save one’s own mosaic draft',
        policy: everyone,
        call: async (_, as) => {
          const post = await mosaicAs(as);
          return request('PUT', `/api/admin/mosaics/${post.id}`, { as, body: { ...mosaicDraftBody('Relu'), version: post.version } });
        },
      },
      {
        what: 'save a colleague’s mosaic draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await mosaicAs(colleague);
          return request('PUT', `/api/admin/mosaics/${post.id}`, { as, body: { ...mosaicDraftBody('Pris'), version: post.version } });
        },
      },
    ],
    changeAdminMosaicStatus: [
      {
        what: 'publish one’s own mosaic',
        policy: authorsUp,
        call: async (_, as) => {
          const post = await mosaicAs(as);
          return request('POST', `/api/admin/mosaics/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
      {
        what: 'publish a colleague’s mosaic',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await mosaicAs(colleague);
          return request('POST', `/api/admin/mosaics/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
    ],
    listMosaicRevisions: [
      {
        what: 'one’s own mosaic’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/mosaics/${(await mosaicAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s mosaic’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/mosaics/${(await mosaicAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreMosaicRevision: [
      {
        what: 'restore a revision of a colleague’s mosaic',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await mosaicAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/mosaics/${post.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/mosaics/${post.id}/revisions/${first}/restore`, { as, body: { version: post.version } });
        },
      },
    ],
    listAdminContests: [{ what: 'the contests', policy: everyone, call: (_, as) => request('GET', '/api/admin/contests', { as }) }],
    createAdminContest: [
      {
        what: 'add a contest draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/contests', { as, body: contestDraftBody('À moi') }),
      },
    ],
    getAdminContest: [
      {
        what: 'one’s own contest draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s contest draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminContest: [
      {
        what: 'save one’s own contest draft',
        policy: everyone,
        call: async (_, as) => {
          const post = await contestAs(as);
          return request('PUT', `/api/admin/contests/${post.id}`, { as, body: { ...contestDraftBody('Relu'), version: post.version } });
        },
      },
      {
        what: 'save a colleague’s contest draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await contestAs(colleague);
          return request('PUT', `/api/admin/contests/${post.id}`, { as, body: { ...contestDraftBody('Pris'), version: post.version } });
        },
      },
    ],
    changeAdminContestStatus: [
      {
        what: 'publish one’s own contest',
        policy: authorsUp,
        call: async (_, as) => {
          const post = await contestAs(as);
          return request('POST', `/api/admin/contests/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
      {
        what: 'publish a colleague’s contest',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await contestAs(colleague);
          return request('POST', `/api/admin/contests/${post.id}/status`, { as, body: { action: 'publish', version: post.version } });
        },
      },
    ],
    listContestRevisions: [
      {
        what: 'one’s own contest’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s contest’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/contests/${(await contestAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreContestRevision: [
      {
        what: 'restore a revision of a colleague’s contest',
        policy: editorsOnly,
        call: async (_, as) => {
          const post = await contestAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/contests/${post.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/contests/${post.id}/revisions/${first}/restore`, { as, body: { version: post.version } });
        },
      },
    ],
    listSurveyResults: [{ what: 'the survey results', policy: editorsOnly, call: (_, as) => request('GET', '/api/admin/surveys', { as }) }],
    // Every role reads the Audience page; contributors and authors only their own articles (audienceApi.test.ts).
    getAudienceReport: [
      {
        what: 'the audience figures',
        policy: everyone,
        call: (_, as) => request('GET', '/api/admin/audience?from=2026-11-01&to=2026-11-28', { as }),
      },
    ],
    listAdminGenerators: [
      { what: 'the repartee generators', policy: everyone, call: (_, as) => request('GET', '/api/admin/generators', { as }) },
    ],
    createAdminGenerator: [
      {
        what: 'create a generator draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/generators', { as, body: generatorDraftBody(`À moi ${next()}`) }),
      },
    ],
    getAdminGenerator: [
      {
        what: 'one’s own generator draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/generators/${(await generatorAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s generator draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/generators/${(await generatorAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminGenerator: [
      {
        what: 'save one’s own generator draft',
        policy: everyone,
        call: async (_, as) => {
          const generator = await generatorAs(as);
          const body = { ...generatorDraftBody('Renommé'), slug: generator.slug, version: generator.version };
          return request('PUT', `/api/admin/generators/${generator.id}`, { as, body });
        },
      },
      {
        what: 'save a colleague’s generator draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const generator = await generatorAs(colleague);
          const body = { ...generatorDraftBody('Pris'), slug: generator.slug, version: generator.version };
          return request('PUT', `/api/admin/generators/${generator.id}`, { as, body });
        },
      },
    ],
    changeAdminGeneratorStatus: [
      {
        what: 'publish one’s own generator',
        policy: authorsUp,
        call: async (_, as) => {
          const generator = await generatorAs(as);
          return request('POST', `/api/admin/generators/${generator.id}/status`, {
            as,
            body: { action: 'publish', version: generator.version },
          });
        },
      },
      {
        what: 'publish a colleague’s generator',
        policy: editorsOnly,
        call: async (_, as) => {
          const generator = await generatorAs(colleague);
          return request('POST', `/api/admin/generators/${generator.id}/status`, {
            as,
            body: { action: 'publish', version: generator.version },
          });
        },
      },
    ],
    listGeneratorRevisions: [
      {
        what: 'one’s own generator’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/generators/${(await generatorAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s generator’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/generators/${(await generatorAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreGeneratorRevision: [
      {
        what: 'restore a revision of a colleague’s generator',
        policy: editorsOnly,
        call: async (_, as) => {
          const generator = await generatorAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/generators/${generator.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/generators/${generator.id}/revisions/${first}/restore`, {
            as,
            body: { version: generator.version },
          });
        },
      },
    ],
    listAdminQuotations: [{ what: 'the quotations', policy: everyone, call: (_, as) => request('GET', '/api/admin/quotations', { as }) }],
    createAdminQuotation: [
      {
        what: 'create a quotation draft',
        policy: everyone,
        call: (_, as) => request('POST', '/api/admin/quotations', { as, body: { text: 'À moi', author: 'Moi' } }),
      },
    ],
    getAdminQuotation: [
      {
        what: 'one’s own quotation draft',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/quotations/${(await quotationAs(as)).id}`, { as }),
      },
      {
        what: 'a colleague’s quotation draft (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/quotations/${(await quotationAs(colleague)).id}`, { as }),
      },
    ],
    updateAdminQuotation: [
      {
        what: 'save one’s own quotation draft',
        policy: everyone,
        call: async (_, as) => {
          const quotation = await quotationAs(as);
          return request('PUT', `/api/admin/quotations/${quotation.id}`, {
            as,
            body: { text: 'Autre', author: 'Moi', version: quotation.version },
          });
        },
      },
      {
        what: 'save a colleague’s quotation draft',
        policy: editorsOnly,
        call: async (_, as) => {
          const quotation = await quotationAs(colleague);
          return request('PUT', `/api/admin/quotations/${quotation.id}`, {
            as,
            body: { text: 'Prise', author: 'Moi', version: quotation.version },
          });
        },
      },
    ],
    changeAdminQuotationStatus: [
      {
        what: 'publish one’s own quotation',
        policy: authorsUp,
        call: async (_, as) => {
          const quotation = await quotationAs(as);
          return request('POST', `/api/admin/quotations/${quotation.id}/status`, {
            as,
            body: { action: 'publish', version: quotation.version },
          });
        },
      },
      {
        what: 'publish a colleague’s quotation',
        policy: editorsOnly,
        call: async (_, as) => {
          const quotation = await quotationAs(colleague);
          return request('POST', `/api/admin/quotations/${quotation.id}/status`, {
            as,
            body: { action: 'publish', version: quotation.version },
          });
        },
      },
    ],
    listQuotationRevisions: [
      {
        what: 'one’s own quotation’s revisions',
        policy: everyone,
        call: async (_, as) => request('GET', `/api/admin/quotations/${(await quotationAs(as)).id}/revisions`, { as }),
      },
      {
        what: 'a colleague’s quotation’s revisions (IDOR)',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/quotations/${(await quotationAs(colleague)).id}/revisions`, { as }),
      },
    ],
    restoreQuotationRevision: [
      {
        what: 'restore a revision of a colleague’s quotation',
        policy: editorsOnly,
        call: async (_, as) => {
          const quotation = await quotationAs(colleague);
          const revisions = contract.RevisionList.parse(
            await (await request('GET', `/api/admin/quotations/${quotation.id}/revisions`, { as: colleague })).json(),
          );
          const first = revisions.results.at(-1)?.id ?? 0;
          return request('POST', `/api/admin/quotations/${quotation.id}/revisions/${first}/restore`, {
            as,
            body: { version: quotation.version },
          });
        },
      },
    ],
    listImports: [{ what: 'the imports', policy: adminsOnly, call: (_, as) => request('GET', '/api/admin/imports', { as }) }],
    getSourceSync: [
      { what: 'the live source’s state', policy: everyone, call: (_, as) => request('GET', '/api/admin/source-sync', { as }) },
    ],
    listSourceDrafts: [
      { what: 'the live source’s drafts', policy: editorsOnly, call: (_, as) => request('GET', '/api/admin/source-drafts', { as }) },
    ],
    startImport: [
      {
        what: 'start an import',
        policy: adminsOnly,
        call: (_, as) =>
          request('POST', '/api/admin/imports?source=wordpress&fileName=export.xml&dryRun=true', {
            as,
            body: new TextEncoder().encode('<rss/>') as Uint8Array<ArrayBuffer>,
            headers: { 'content-type': 'application/octet-stream' },
          }),
      },
    ],
    getImport: [
      {
        what: 'follow an import',
        policy: adminsOnly,
        call: async (_, as) => {
          const started = await request('POST', '/api/admin/imports?source=ghost&fileName=export.json', {
            as: signed('admin'),
            body: new TextEncoder().encode('{}') as Uint8Array<ArrayBuffer>,
            headers: { 'content-type': 'application/octet-stream' },
          });
          const run = (await started.json()) as { id: number };
          return request('GET', `/api/admin/imports/${run.id}`, { as });
        },
      },
    ],
    listNewsletterIssues: [
      { what: 'the newsletter issues', policy: editorsOnly, call: (_, as) => request('GET', '/api/admin/newsletters', { as }) },
    ],
    createNewsletterIssue: [
      {
        what: 'compose an issue',
        policy: editorsOnly,
        call: async (_, as) =>
          request('POST', '/api/admin/newsletters', {
            as,
            body: { subject: 'Cette semaine', newsletterType: 1, articleIds: [await publishedArticleId()] },
          }),
      },
    ],
    getNewsletterIssue: [
      {
        what: 'read an issue',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/newsletters/${(await issueAsAdmin()).id}`, { as }),
      },
    ],
    updateNewsletterIssue: [
      {
        what: 'edit a draft issue',
        policy: editorsOnly,
        call: async (_, as) => {
          const issue = await issueAsAdmin();
          return request('PUT', `/api/admin/newsletters/${issue.id}`, {
            as,
            body: {
              version: issue.version,
              subject: 'Autre sujet',
              preheader: '',
              intro: '',
              articleIds: issue.articleIds,
              newsletterType: 1,
            },
          });
        },
      },
    ],
    changeNewsletterIssueStatus: [
      {
        what: 'schedule an issue',
        policy: editorsOnly,
        call: async (_, as) => {
          const issue = await issueAsAdmin();
          return request('POST', `/api/admin/newsletters/${issue.id}/status`, {
            as,
            body: { action: 'schedule', version: issue.version, scheduledAt: future() },
          });
        },
      },
    ],
    previewNewsletterIssue: [
      {
        what: 'preview an issue',
        policy: editorsOnly,
        call: async (_, as) => request('GET', `/api/admin/newsletters/${(await issueAsAdmin()).id}/preview`, { as }),
      },
    ],
    sendNewsletterTest: [
      {
        what: 'send a test',
        policy: editorsOnly,
        call: async (_, as) =>
          request('POST', `/api/admin/newsletters/${(await issueAsAdmin()).id}/test`, { as, body: { email: 'test@exemple.fr' } }),
      },
    ],
  };

  let quizImage: Promise<LibraryImage> | null = null;
  async function quizBody(title: string) {
    // Not the bytes of `png()`: an image a quiz shows cannot be deleted, and deleteMedia's rows delete theirs.
    quizImage ??= uploadLibraryImage(api, signed('editor'), 60);
    return quizDraftBody(`${title} ${next()}`, await quizImage);
  }

  async function quizDraftAs(as: Signed, title: string) {
    const response = await request('POST', '/api/admin/quizzes', { as, body: await quizBody(title) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminQuiz.parse(await response.json());
  }

  async function publishedQuizAs(as: Signed, title: string) {
    const draft = await quizDraftAs(as, title);
    const response = await request('POST', `/api/admin/quizzes/${draft.id}/status`, {
      as: colleague,
      body: { action: 'publish', version: draft.version },
    });
    expect(response.status).toBe(200);
    return contract.AdminQuiz.parse(await response.json());
  }

  function saveQuizAs(as: Signed, quiz: AdminQuiz) {
    const { title, slug, intro, image, questions, results, version } = quiz;
    return request('PUT', `/api/admin/quizzes/${quiz.id}`, {
      as,
      body: { title: `${title} bis`, slug, intro, image, questions, results, version },
    });
  }

  async function restoreFirstQuizRevision(owner: Signed, as: Signed) {
    const draft = await quizDraftAs(owner, 'Révisé');
    const saved = contract.AdminQuiz.parse(await (await saveQuizAs(owner, draft)).json());
    const revisions = contract.ListQuizRevisionsResponse.parse(
      await (await request('GET', `/api/admin/quizzes/${draft.id}/revisions`, { as: owner })).json(),
    );
    const first = revisions.results.at(-1);
    if (!first) throw new Error('no revision');
    return request('POST', `/api/admin/quizzes/${draft.id}/revisions/${first.id}/restore`, { as, body: { version: saved.version } });
  }

  async function restoreFirstRevision(owner: Signed, as: Signed) {
    const draft = await draftAs(owner, 'Révisée');
    const saved = contract.AdminArticle.parse(await (await saveAs(owner, { ...draft, title: `${draft.title} bis` })).json());
    const revisions = contract.ListArticleRevisionsResponse.parse(
      await (await request('GET', `/api/admin/articles/${draft.id}/revisions`, { as: owner })).json(),
    );
    const first = revisions.results.at(-1);
    if (!first) throw new Error('no revision');
    return request('POST', `/api/admin/articles/${draft.id}/revisions/${first.id}/restore`, { as, body: { version: saved.version } });
  }

  it('has a row for every admin operation of the contract, and none for an operation it does not have', () => {
    const adminOperations = Object.entries(apiOperations)
      .filter(([, operation]) => operation.path.startsWith('/api/admin/'))
      .map(([id]) => id)
      .sort();
    expect(Object.keys(table).sort()).toEqual(adminOperations);
    for (const cases of Object.values(table)) expect(cases.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(table) as AdminOperationId[])('%s: each role gets what the table says', async (operationId) => {
    for (const { what, policy, call } of table[operationId]) {
      for (const role of ROLES) {
        const response = await call(role, signed(role));
        const label = `${operationId} — ${what} — as ${role}: ${response.status} ${await response.clone().text()}`;
        const want = policy[role];
        expect(response.status, label).toBeLessThan(500);
        if (want === 'ok') expect(response.status, label).toBeLessThan(300);
        if (want === 'allowed') expect([401, 403], label).not.toContain(response.status);
        if (want === 'refused') {
          expect(response.status, label).toBe(403);
          expect(((await response.json()) as { message: string }).message, label).toMatch(/^Votre rôle \(.+\) ne permet pas /);
        }
      }
    }
  });

  it('lists a colleague’s drafts to editors only: contributors and authors see their own work and what is published', async () => {
    const hidden = await draftAs(colleague, 'Brouillon confidentiel');
    const visible = await publishedAs(colleague, 'Article public');
    const mine = await draftAs(signed('contributor'), 'Mon brouillon');
    for (const role of ROLES) {
      const list = contract.ListAdminArticlesResponse.parse(
        await (await request('GET', '/api/admin/articles?limit=100', { as: signed(role) })).json(),
      );
      const ids = list.results.map((article) => article.id);
      expect(ids.includes(hidden.id), role).toBe(role === 'editor' || role === 'admin');
      expect(ids, role).toContain(visible.id);
      if (role === 'contributor') expect(ids).toContain(mine.id);
      // The search does not reach what the list hides either.
      const searched = contract.ListAdminArticlesResponse.parse(
        await (await request('GET', `/api/admin/articles?q=${encodeURIComponent('confidentiel')}`, { as: signed(role) })).json(),
      );
      expect(searched.total, role).toBe(role === 'editor' || role === 'admin' ? 1 : 0);
    }
  });

  /** Every format with revisions: its address and a valid body holding `text` in a field its revisions keep. */
  const revisionFormats: [string, string, (text: string) => Promise<Record<string, unknown>>][] = [
    ['articles', '/api/admin/articles', async (text) => draftBody(text)],
    [
      'quizzes',
      '/api/admin/quizzes',
      async (text) => {
        quizImage ??= uploadLibraryImage(api, signed('editor'), 60);
        return quizDraftBody(text, await quizImage);
      },
    ],
    ['popins', '/api/admin/popins', async (text) => popinDraftBody(text)],
    ['shopping items', '/api/admin/shopping', async (text) => shoppingDraftBody(text)],
    ['Instagram posts', '/api/admin/instagram', async (text) => instagramDraftBody(text)],
    ['mosaics', '/api/admin/mosaics', async (text) => mosaicDraftBody(text)],
    ['contests', '/api/admin/contests', async (text) => contestDraftBody(text)],
    ['generators', '/api/admin/generators', async (text) => generatorDraftBody(text)],
    ['quotations', '/api/admin/quotations', async (text) => ({ text, author: 'Une autrice' })],
  ];

  // Issue 34, part 5: a contributor read an editor's published quotation's earlier drafts through its revisions.
  it.each(revisionFormats)(
    '%s: the revisions of a colleague’s published item show its never-published drafts to editors only',
    async (_format, base, bodyOf) => {
      const secret = `Brouillon jamais publié ${next()}`;
      const shown = `Version publiée ${next()}`;
      const created = await request('POST', base, { as: colleague, body: await bodyOf(secret) });
      expect(created.status, await created.clone().text()).toBe(201);
      const draft = (await created.json()) as { id: number; version: number };
      const saved = await request('PUT', `${base}/${draft.id}`, {
        as: colleague,
        body: { ...(await bodyOf(shown)), version: draft.version },
      });
      expect(saved.status, await saved.clone().text()).toBe(200);
      const { version } = (await saved.json()) as { version: number };
      const published = await request('POST', `${base}/${draft.id}/status`, { as: colleague, body: { action: 'publish', version } });
      expect(published.status, await published.clone().text()).toBe(200);
      for (const role of ROLES) {
        const response = await request('GET', `${base}/${draft.id}/revisions`, { as: signed(role) });
        const text = await response.text();
        expect(response.status, `${role}: ${text.slice(0, 200)}`).toBe(200);
        const list = contract.RevisionList.parse(JSON.parse(text));
        if (role === 'editor' || role === 'admin') {
          expect(text, role).toContain(secret);
          expect(list.results.length, role).toBeGreaterThanOrEqual(2);
        } else {
          // What readers see now, and nothing of the way there.
          expect(text, role).not.toContain(secret);
          expect(text, role).toContain(shown);
          expect(list.results, role).toHaveLength(1);
          const [only] = list.results;
          expect(
            only?.changes.every((change) => change.before === ''),
            role,
          ).toBe(true);
          // Nor by restoring an earlier one (which would also write a colleague's item).
          const restored = await request('POST', `${base}/${draft.id}/revisions/${only?.id ?? 0}/restore`, {
            as: signed(role),
            body: { version: version + 1 },
          });
          expect(restored.status, role).toBe(403);
        }
      }
    },
  );

  it('a colleague’s draft by id, with forged and junk ids, never answers its content to a contributor', async () => {
    const secret = await draftAs(colleague, 'Scoop sous embargo');
    const as = signed('contributor');
    for (const path of [
      `/api/admin/articles/${secret.id}`,
      `/api/admin/articles/${secret.id}/revisions`,
      `/api/admin/articles/%20${secret.id}`,
      `/api/admin/articles/${secret.id}.0`,
      `/api/admin/articles/0${secret.id}`,
    ]) {
      const response = await request('GET', path, { as });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(await response.text(), path).not.toContain('Scoop sous embargo');
    }
    const link = await request('POST', `/api/admin/articles/${secret.id}/preview-link`, { as });
    expect(link.status).toBe(403);
  });
});
