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
import type { StaffRole } from '../../db/schema.ts';
import { draftBody, PASSWORD, ROLES, type Signed, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
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

  const future = () => new Date(api.clock.now().getTime() + 86_400_000).toISOString();

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
    listAuditLog: [{ what: 'the audit log', policy: adminsOnly, call: (_, as) => request('GET', '/api/admin/audit', { as }) }],
    listSurveyResults: [{ what: 'the survey results', policy: editorsOnly, call: (_, as) => request('GET', '/api/admin/surveys', { as }) }],
    listImports: [{ what: 'the imports', policy: adminsOnly, call: (_, as) => request('GET', '/api/admin/imports', { as }) }],
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
