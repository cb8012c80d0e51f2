/**
 * The newsroom's write API against the contract, on PGlite and on PostgreSQL (TEST_DATABASE_URL):
 * sign-in, sessions, CSRF, the role × endpoint matrix, optimistic concurrency, the workflow and its
 * scheduler, revisions, preview links, slug redirects, categories, the audit log; hostile input everywhere.
 */
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { StaffRole } from '../../db/schema.ts';
import { draftBody, ORIGIN, PASSWORD, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { siteFeed } from '../seo/rss.server.ts';
import { articlesSitemap, newsSitemap } from '../seo/sitemap.server.ts';

describe.each(testDatabaseKinds)('newsroom API on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  async function create(role: StaffRole, title: string, extra: Record<string, unknown> = {}) {
    const response = await request('POST', '/api/admin/articles', { as: signed(role), body: draftBody(title, extra) });
    expect(response.status, await response.clone().text()).toBe(201);
    return contract.AdminArticle.parse(await response.json());
  }

  async function status(role: StaffRole, id: number, version: number, action: string, scheduledAt?: string) {
    return request('POST', `/api/admin/articles/${id}/status`, {
      as: signed(role),
      body: { action, version, ...(scheduledAt ? { scheduledAt } : {}) },
    });
  }

  async function errorOf(response: Response, code: number) {
    expect(response.status).toBe(code);
    const body = (await response.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(10);
    return body.message;
  }

  describe('sign-in and sessions', () => {
    it('answers an unknown address and a wrong password the same way', async () => {
      const unknown = await request('POST', '/api/admin/session', { body: { email: 'personne@piquante.test', password: PASSWORD } });
      const wrong = await request('POST', '/api/admin/session', {
        body: { email: 'admin@piquante.test', password: 'pas le bon mot de passe' },
      });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(await unknown.json()).toEqual(await wrong.json());
      expect(unknown.headers.get('set-cookie')).toBeNull();
    });

    it('sets an HttpOnly, SameSite=Strict session cookie (not Secure over plain HTTP)', async () => {
      const response = await request('POST', '/api/admin/session', { body: { email: 'ADMIN@piquante.test ', password: PASSWORD } });
      expect(response.status).toBe(200);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^piquante_staff=[A-Za-z0-9_-]{40,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).not.toMatch(/Secure/);
      const body = contract.AdminSession.parse(await response.json());
      expect(body.staff.role).toBe('admin');
    });

    it('never adopts a session the client brings (fixation): signing in always opens a new one', async () => {
      const planted = `piquante_staff=${'A'.repeat(43)}`;
      const contributor = signed('contributor');
      for (const cookie of [planted, contributor.cookie]) {
        const response = await request('POST', '/api/admin/session', {
          body: { email: 'admin@piquante.test', password: PASSWORD },
          headers: { cookie },
        });
        expect(response.status).toBe(200);
        const issued = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        expect(issued).toMatch(/^piquante_staff=/);
        expect(issued).not.toBe(cookie);
        // The cookie brought along did not become the admin's: planted stays unknown, the contributor's stays theirs.
        const before = await request('GET', '/api/admin/session', { headers: { cookie } });
        if (cookie === planted) expect(before.status).toBe(401);
        else expect(contract.AdminSession.parse(await before.json()).staff.role).toBe('contributor');
        const after = await request('GET', '/api/admin/session', { headers: { cookie: issued } });
        expect(contract.AdminSession.parse(await after.json()).staff.role).toBe('admin');
      }
    });

    it('says who is signed in, and 401 without a session or with a forged one', async () => {
      const me = await request('GET', '/api/admin/session', { as: signed('editor') });
      expect(contract.AdminSession.parse(await me.json()).staff.role).toBe('editor');
      await errorOf(await request('GET', '/api/admin/session'), 401);
      await errorOf(
        await request('GET', '/api/admin/session', { headers: { cookie: 'piquante_staff=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } }),
        401,
      );
      await errorOf(await request('GET', '/api/admin/session', { headers: { cookie: 'piquante_staff=<script>' } }), 401);
    });

    it('signing out ends the session on the server', async () => {
      const session = await api.signIn('author');
      expect((await request('POST', '/api/admin/session/logout', { as: session })).status).toBe(204);
      await errorOf(await request('GET', '/api/admin/session', { as: session }), 401);
    });

    it.each([
      ['not JSON', '{"email":', 400],
      ['an extra field', { email: 'a@b.fr', password: 'x', admin: true }, 400],
      ['a missing password', { email: 'a@b.fr' }, 400],
      ['a number for the address', { email: 42, password: 'x' }, 400],
    ])('refuses %s with a French 400', async (_what, body, code) => {
      await errorOf(await request('POST', '/api/admin/session', { body }), code);
    });

    it('refuses a form-encoded sign-in (415): a cross-site form cannot send JSON', async () => {
      const response = await request('POST', '/api/admin/session', {
        body: 'email=a&password=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      await errorOf(response, 415);
    });
  });

  describe('passkeys (the ceremony itself: tests/e2e/newsroom.spec.ts, Chromium virtual authenticator)', () => {
    it('gives sign-in options without naming any account, and refuses junk, unknown challenges and replays alike', async () => {
      const options = contract.PasskeySignInOptionsResponse.parse(
        await (await request('POST', '/api/admin/session/passkey-options')).json(),
      );
      expect(options.options).toMatchObject({ rpId: 'magazine.test' });
      expect(JSON.stringify(options.options)).not.toMatch(/allowCredentials":\[\{/);
      const junk = await request('POST', '/api/admin/session/passkey', {
        body: { challengeId: options.challengeId, response: { id: 'x', type: 'public-key' } },
      });
      expect(await errorOf(junk, 401)).toMatch(/clé d'accès/);
      // The challenge was spent by the failed attempt.
      const replay = await request('POST', '/api/admin/session/passkey', {
        body: { challengeId: options.challengeId, response: { id: 'x' } },
      });
      await errorOf(replay, 401);
      await errorOf(await request('POST', '/api/admin/session/passkey', { body: { challengeId: 'inconnu-inconnu', response: {} } }), 401);
      await errorOf(await request('POST', '/api/admin/session/passkey', { body: { challengeId: '<script>', response: {} } }), 400);
      await errorOf(await request('POST', '/api/admin/session/passkey', { body: { challengeId: 'abcdefghijkl' } }), 400);
    });

    it('registers only with the signed-in account’s own challenge and a valid attestation', async () => {
      const own = contract.PasskeyRegistrationOptionsResponse.parse(
        await (await request('POST', '/api/admin/passkeys/options', { as: signed('author') })).json(),
      );
      expect(own.options).toMatchObject({ rp: { id: 'magazine.test' }, user: { name: 'author@piquante.test' } });
      const stolen = await request('POST', '/api/admin/passkeys', {
        as: signed('editor'),
        body: { challengeId: own.challengeId, response: {} },
      });
      expect(await errorOf(stolen, 400)).toMatch(/expiré ou a déjà servi/);
      const fresh = contract.PasskeyRegistrationOptionsResponse.parse(
        await (await request('POST', '/api/admin/passkeys/options', { as: signed('author') })).json(),
      );
      const junk = await request('POST', '/api/admin/passkeys', {
        as: signed('author'),
        body: { challengeId: fresh.challengeId, response: { id: 'x', response: { clientDataJSON: 'e30' } } },
      });
      expect(await errorOf(junk, 400)).toMatch(/authentificateur/);
      const list = contract.ListPasskeysResponse.parse(
        await (await request('GET', '/api/admin/passkeys', { as: signed('author') })).json(),
      );
      expect(list.results).toEqual([]);
    });
  });

  describe('CSRF', () => {
    it('refuses a write without the session’s CSRF token, or with another one', async () => {
      const s = signed('editor');
      const missing = await request('POST', '/api/admin/articles', { as: { ...s, csrf: '' }, body: draftBody('Sans jeton'), headers: {} });
      // An empty header is not the token.
      expect(missing.status).toBe(403);
      const other = await request('POST', '/api/admin/articles', {
        as: { ...s, csrf: signed('admin').csrf },
        body: draftBody('Autre jeton'),
      });
      expect(await errorOf(other, 403)).toMatch(/jeton/i);
    });

    it('refuses a write sent from another site (foreign Origin), token or not', async () => {
      const response = await request('POST', '/api/admin/articles', {
        as: signed('editor'),
        body: draftBody('Ailleurs'),
        headers: { origin: 'https://evil.example' },
      });
      await errorOf(response, 403);
      const same = await request('POST', '/api/admin/articles', {
        as: signed('editor'),
        body: draftBody('Ici'),
        headers: { origin: ORIGIN },
      });
      expect(same.status).toBe(201);
    });
  });

  describe('roles × endpoints', () => {
    it('every /api/admin endpoint answers 401 without a session', async () => {
      const calls: [string, string][] = [
        ['GET', '/api/admin/articles'],
        ['POST', '/api/admin/articles'],
        ['GET', '/api/admin/articles/1'],
        ['PUT', '/api/admin/articles/1'],
        ['POST', '/api/admin/articles/1/status'],
        ['GET', '/api/admin/articles/1/revisions'],
        ['POST', '/api/admin/articles/1/revisions/1/restore'],
        ['POST', '/api/admin/articles/1/preview-link'],
        ['POST', '/api/admin/scheduler/run'],
        ['GET', '/api/admin/categories'],
        ['POST', '/api/admin/categories'],
        ['POST', '/api/admin/categories/order'],
        ['PUT', '/api/admin/categories/1'],
        ['DELETE', '/api/admin/categories/1'],
        ['GET', '/api/admin/audit'],
        ['GET', '/api/admin/redirects'],
        ['POST', '/api/admin/redirects'],
        ['DELETE', '/api/admin/redirects/1'],
        ['GET', '/api/admin/staff'],
        ['POST', '/api/admin/staff'],
        ['GET', '/api/admin/authors'],
        ['GET', '/api/admin/passkeys'],
        ['POST', '/api/admin/passkeys'],
        ['POST', '/api/admin/passkeys/options'],
        ['DELETE', '/api/admin/passkeys/abc'],
        ['POST', '/api/admin/staff/1/status'],
        ['POST', '/api/admin/account/password'],
        ['GET', '/api/admin/media'],
        ['POST', '/api/admin/media'],
        ['DELETE', '/api/admin/media/1'],
        ['GET', '/api/admin/surveys'],
        ['POST', '/api/admin/session/logout'],
      ];
      for (const [method, path] of calls) {
        const response = await request(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    });

    // Who may call what, operation by operation and role by role: adminAuthorization.test.ts.
    it('a contributor cannot edit its own draft once published by an editor', async () => {
      const draft = await create('contributor', 'Texte de contributeur');
      expect((await status('editor', draft.id, draft.version, 'publish')).status).toBe(200);
      const response = await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('contributor'),
        body: { ...draftBody('Changé'), version: draft.version + 1 },
      });
      await errorOf(response, 403);
    });
  });

  describe('articles', () => {
    it('a draft stays unseen by readers until published, then shows on lists, its category, the sitemap, then goes away when unpublished', async () => {
      const before = api.changes();
      const draft = await create('editor', 'Les poivrons farcis de la rentrée', { categorySlug: 'societe' });
      expect(draft.slug).toBe('les-poivrons-farcis-de-la-rentree');
      expect(draft.status).toBe('draft');
      expect((await request('GET', `/api/article/${draft.slug}`)).status).toBe(404);
      expect(api.changes()).toBe(before);

      const published = contract.AdminArticle.parse(await (await status('editor', draft.id, 1, 'publish')).json());
      expect(published.status).toBe('published');
      expect(api.changes()).toBe(before + 1);
      const page = contract.GetArticleResponse.parse(await (await request('GET', `/api/article/${draft.slug}`)).json());
      expect(page.result.seo).toBeUndefined();
      expect(page.result.body[0]).toEqual({
        type: 'paragraph',
        text: 'Un texte en gras',
        spans: [{ text: 'Un texte en ' }, { text: 'gras', bold: true }],
      });
      const latest = contract.ListArticlesResponse.parse(await (await request('GET', '/api/articleLast')).json());
      expect(latest.results[0]?.id).toBe(draft.id);
      const inCategory = contract.ListArticlesByCategoryResponse.parse(
        await (await request('GET', '/api/articleByCategory/societe')).json(),
      );
      expect(inCategory.results.map((a) => a.id)).toContain(draft.id);
      const db = api.database().db;
      const site = 'https://www.piquante.test';
      expect(await articlesSitemap(db, site, 1)).toContain(`/societe/${draft.slug}`);
      expect(await newsSitemap(db, site)).toContain(`/societe/${draft.slug}`);
      expect(await siteFeed(db, site)).toContain(`/societe/${draft.slug}`);

      expect((await status('editor', draft.id, published.version, 'unpublish')).status).toBe(200);
      expect((await request('GET', `/api/article/${draft.slug}`)).status).toBe(404);
      expect(await articlesSitemap(db, site, 1)).not.toContain(`/societe/${draft.slug}`);
      expect(await siteFeed(db, site)).not.toContain(`/societe/${draft.slug}`);
    });

    it('publishes the SEO title, description and sharing image with the article', async () => {
      const draft = await create('editor', 'Référencé', {
        seoTitle: 'Titre pour les moteurs',
        seoDescription: 'Une description',
        ogImage: '/media/svg/article/partage.svg',
      });
      await status('editor', draft.id, 1, 'publish');
      const page = contract.GetArticleResponse.parse(await (await request('GET', `/api/article/${draft.slug}`)).json());
      expect(page.result.seo).toEqual({
        title: 'Titre pour les moteurs',
        description: 'Une description',
        image: '/media/svg/article/partage.svg',
      });
      await errorOf(
        await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('x', { ogImage: 'javascript:alert(1)' }) }),
        400,
      );
    });

    it('keeps the main image’s focal point from the editor to readers’ cards and article, and lists its change', async () => {
      const image = { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800, focalX: 0.25, focalY: 0.8 };
      const draft = await create('editor', 'Le point focal', { categorySlug: 'societe', mainImage: image });
      expect(draft.mainImage).toEqual(image);
      await status('editor', draft.id, 1, 'publish');
      const page = contract.GetArticleResponse.parse(await (await request('GET', `/api/article/${draft.slug}`)).json());
      expect(page.result.mainImage).toMatchObject({ focalX: 0.25, focalY: 0.8 });
      const cards = contract.ListArticlesByCategoryResponse.parse(await (await request('GET', '/api/articleByCategory/societe')).json());
      expect(cards.results.find((a) => a.id === draft.id)?.mainImage).toMatchObject({ focalX: 0.25, focalY: 0.8 });
      const moved = await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('editor'),
        body: { ...draftBody('Le point focal', { categorySlug: 'societe', mainImage: { ...image, focalX: 0.5 } }), version: 2 },
      });
      expect(moved.status).toBe(200);
      const revisions = contract.ListArticleRevisionsResponse.parse(
        await (await request('GET', `/api/admin/articles/${draft.id}/revisions`, { as: signed('editor') })).json(),
      );
      expect(revisions.results[0]?.changes).toContainEqual({
        field: "Point focal de l'image",
        before: '25 % × 80 %',
        after: '50 % × 80 %',
      });
      const { focalY: _gone, ...half } = image;
      for (const [mainImage, message] of [
        [half, /deux coordonnées/],
        [{ ...image, focalX: 1.5 }, /mainImage/],
        [{ ...image, focalY: -0.1 }, /mainImage/],
        [{ ...image, focalX: '0.5' }, /mainImage/],
      ] as const) {
        await expect(
          errorOf(
            await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('Focal hostile', { mainImage }) }),
            400,
          ),
        ).resolves.toMatch(message);
      }
    });

    it('refuses an outdated version with 409 naming who saved, and overwrites nothing', async () => {
      const draft = await create('author', 'Un article disputé');
      const first = await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('editor'),
        body: { ...draftBody('Version de l’éditeur'), version: 1 },
      });
      expect(first.status).toBe(200);
      const stale = await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('author'),
        body: { ...draftBody('Version périmée'), version: 1 },
      });
      expect(stale.status).toBe(409);
      const conflict = contract.VersionConflict.parse(await stale.json());
      expect(conflict.changedBy).toBe('Compte editor');
      expect(conflict.currentVersion).toBe(2);
      expect(conflict.message).toMatch(/Compte editor a modifié cet article/);
      const now = contract.AdminArticle.parse(
        await (await request('GET', `/api/admin/articles/${draft.id}`, { as: signed('author') })).json(),
      );
      expect(now.title).toBe('Version de l’éditeur');
    });

    it('keeps a published article’s old slug answering, pointing at the new one (301 for pages)', async () => {
      const draft = await create('editor', 'Un titre provisoire');
      const published = contract.AdminArticle.parse(await (await status('editor', draft.id, 1, 'publish')).json());
      const renamed = await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('editor'),
        body: { ...draftBody('Un titre définitif'), slug: 'un-titre-definitif', version: published.version },
      });
      expect(renamed.status).toBe(200);
      const old = contract.GetArticleResponse.parse(await (await request('GET', '/api/article/un-titre-provisoire')).json());
      expect(old.url).toBe('un-titre-provisoire');
      expect(old.result.url).toBe('un-titre-definitif');
      expect(old.result.fullUrl).toBe('/mode/un-titre-definitif');
      // Another article may take the old address later: once published, it answers for itself.
      const taker = await create('editor', 'Un titre provisoire');
      expect(taker.slug).toBe('un-titre-provisoire');
      const still = contract.GetArticleResponse.parse(await (await request('GET', '/api/article/un-titre-provisoire')).json());
      expect(still.result.id).toBe(draft.id);
      await status('editor', taker.id, 1, 'publish');
      const now = contract.GetArticleResponse.parse(await (await request('GET', '/api/article/un-titre-provisoire')).json());
      expect(now.result.id).toBe(taker.id);
    });

    it('refuses a slug already taken with a French 409', async () => {
      await create('editor', 'Unique au monde');
      const response = await request('POST', '/api/admin/articles', {
        as: signed('editor'),
        body: draftBody('Autre', { slug: 'unique-au-monde' }),
      });
      expect(await errorOf(response, 409)).toMatch(/déjà prise/);
    });

    it('schedules in the future only, and the scheduler publishes when the clock reaches the time', async () => {
      const draft = await create('author', 'Programmé pour demain');
      const past = await status('author', draft.id, 1, 'schedule', new Date(api.clock.now().getTime() - 60_000).toISOString());
      expect(await errorOf(past, 400)).toMatch(/futur/);
      await errorOf(await status('author', draft.id, 1, 'schedule'), 400);
      const at = new Date(api.clock.now().getTime() + 3600_000).toISOString();
      const scheduled = contract.AdminArticle.parse(await (await status('author', draft.id, 1, 'schedule', at)).json());
      expect(scheduled.status).toBe('scheduled');
      const early = contract.SchedulerRun.parse(await (await request('POST', '/api/admin/scheduler/run', { as: signed('editor') })).json());
      expect(early.published).not.toContain(draft.id);
      // Moving the clock is refused outside tests (NEWSROOM_TEST_CLOCK unset here).
      const moved = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 7200 } });
      expect(await errorOf(moved, 400)).toMatch(/NEWSROOM_TEST_CLOCK/);
      api.clock.advance(3601);
      const due = contract.SchedulerRun.parse(await (await request('POST', '/api/admin/scheduler/run', { as: signed('editor') })).json());
      expect(due.published).toContain(draft.id);
      const page = contract.GetArticleResponse.parse(await (await request('GET', `/api/article/${draft.slug}`)).json());
      expect(Date.parse(page.result.publishedAt)).toBe(Date.parse(at));
    });

    it('refuses moves the workflow does not have', async () => {
      const draft = await create('editor', 'Jamais publié');
      expect(await errorOf(await status('editor', draft.id, 1, 'unpublish'), 400)).toMatch(/brouillon/);
      await errorOf(await status('editor', draft.id, 1, 'explode'), 400);
    });

    it('lists revisions with readable changes and restores one as a new version', async () => {
      const draft = await create('editor', 'Première version');
      await request('PUT', `/api/admin/articles/${draft.id}`, {
        as: signed('editor'),
        body: {
          ...draftBody('Deuxième version'),
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Nouveau texte' }] }] },
          version: 1,
        },
      });
      const list = contract.ListArticleRevisionsResponse.parse(
        await (await request('GET', `/api/admin/articles/${draft.id}/revisions`, { as: signed('editor') })).json(),
      );
      expect(list.results.map((r) => r.version)).toEqual([2, 1]);
      const latest = list.results[0];
      expect(latest?.changes).toEqual(
        expect.arrayContaining([
          { field: 'Titre', before: 'Première version', after: 'Deuxième version' },
          { field: 'Texte, paragraphe 1', before: 'Un texte en gras', after: 'Nouveau texte' },
        ]),
      );
      const first = list.results[1];
      if (!first) throw new Error('no first revision');
      const restored = await request('POST', `/api/admin/articles/${draft.id}/revisions/${first.id}/restore`, {
        as: signed('editor'),
        body: { version: 2 },
      });
      const article = contract.AdminArticle.parse(await restored.json());
      expect(article.title).toBe('Première version');
      expect(article.version).toBe(3);
      const staleRestore = await request('POST', `/api/admin/articles/${draft.id}/revisions/${first.id}/restore`, {
        as: signed('editor'),
        body: { version: 2 },
      });
      expect(staleRestore.status).toBe(409);
      await errorOf(
        await request('POST', `/api/admin/articles/${draft.id}/revisions/999999/restore`, { as: signed('editor'), body: { version: 3 } }),
        404,
      );
    });

    it('gives a signed, expiring preview link to the draft', async () => {
      const draft = await create('contributor', 'Aperçu du brouillon');
      const link = contract.CreatePreviewLinkResponse.parse(
        await (await request('POST', `/api/admin/articles/${draft.id}/preview-link`, { as: signed('contributor') })).json(),
      );
      expect(link.url).toMatch(/^\/apercu\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
      const token = link.url.slice('/apercu/'.length);
      const preview = await request('GET', `/api/preview/${token}`);
      expect(preview.headers.get('cache-control')).toBe('no-store');
      const body = contract.GetArticlePreviewResponse.parse(await preview.json());
      expect(body.result.title).toBe('Aperçu du brouillon');
      // Another article's id under the same signature, a bad signature: 404 (expiry: previewTokens.test.ts).
      const forged = token.replace(/^\d+/, String(draft.id + 1));
      await errorOf(await request('GET', `/api/preview/${forged}`), 404);
      await errorOf(await request('GET', `/api/preview/${token.slice(0, -2)}xx`), 404);
      await errorOf(await request('GET', '/api/preview/%3Cscript%3E'), 400);
      // A contributor cannot share a colleague's draft.
      const other = await create('editor', 'Pas à toi');
      await errorOf(await request('POST', `/api/admin/articles/${other.id}/preview-link`, { as: signed('contributor') }), 403);
    });

    it('lists with search, filters and pagination', async () => {
      await create('editor', 'Filtrage zébré un');
      await create('editor', 'Filtrage zébré deux');
      const found = contract.ListAdminArticlesResponse.parse(
        await (await request('GET', '/api/admin/articles?q=z%C3%A9br%C3%A9&limit=1', { as: signed('editor') })).json(),
      );
      expect(found.total).toBe(2);
      expect(found.results).toHaveLength(1);
      const drafts = contract.ListAdminArticlesResponse.parse(
        await (
          await request('GET', '/api/admin/articles?status=draft&category=mode&author=compte-editor', { as: signed('editor') })
        ).json(),
      );
      expect(drafts.results.every((a) => a.status === 'draft' && a.categorySlug === 'mode')).toBe(true);
      const all = contract.ListAdminArticlesResponse.parse(
        await (await request('GET', '/api/admin/articles?status=published', { as: signed('author') })).json(),
      );
      expect(all.total).toBeGreaterThan(100); // the demo seed is editable too
      const legacy = all.results.at(-1);
      if (!legacy) throw new Error('none');
      const opened = contract.AdminArticle.parse(
        await (await request('GET', `/api/admin/articles/${legacy.id}`, { as: signed('author') })).json(),
      );
      expect(opened.doc.content?.length).toBeGreaterThan(0);
      for (const bad of ['status=gone', 'limit=0', 'limit=101', 'offset=-1', 'category=../x', `q=${'x'.repeat(201)}`]) {
        await errorOf(await request('GET', `/api/admin/articles?${bad}`, { as: signed('author') }), 400);
      }
    });
  });

  describe('hostile input on writes', () => {
    const as = () => signed('editor');
    it.each([
      ['a <script> node', { doc: { type: 'doc', content: [{ type: 'html', text: '<script>alert(1)</script>' }] } }, /non autorisé/],
      [
        'a javascript: link',
        {
          doc: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
              },
            ],
          },
        },
        /lien/,
      ],
      ['an image without alt text', { mainImage: { url: '/x.svg', alt: '', width: 1, height: 1 } }, /alternatif/],
      ['an image from another site', { mainImage: { url: '//evil.example/x.svg', alt: 'a', width: 1, height: 1 } }, /mainImage/],
      ['an unknown category', { categorySlug: 'nulle-part' }, /rubrique/],
      ['an unknown author', { authorSlug: 'personne' }, /signature/],
      ['an empty title', { title: '' }, /title/],
      ['a bad slug', { slug: 'Pas Un Slug' }, /slug/],
      ['an unknown stamp', { stamp: 'lol' }, /stamp/],
      ['an extra field', { body: [] }, /n'est pas attendu/],
    ])('refuses %s with a French 400', async (_what, extra, message) => {
      const response = await request('POST', '/api/admin/articles', { as: as(), body: draftBody('Hostile', extra) });
      expect(await errorOf(response, 400)).toMatch(message);
    });

    it('records in the audit log who tried to save a body outside the allow-list', async () => {
      const doc = {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
        ],
      };
      await errorOf(await request('POST', '/api/admin/articles', { as: signed('author'), body: draftBody('Piège', { doc }) }), 400);
      const log = (await (await request('GET', '/api/admin/audit?limit=5', { as: signed('admin') })).json()) as {
        results: { action: string; staffEmail: string; detail: { reason?: string } }[];
      };
      const refused = log.results.find((entry) => entry.action === 'article.refused');
      expect(refused?.staffEmail).toBe('author@piquante.test');
      expect(refused?.detail.reason).toMatch(/lien/);
    });

    it('never lets pasted markup reach readers as markup', async () => {
      const draft = await create('editor', 'Collage dangereux', {
        doc: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' }] }],
        },
      });
      await status('editor', draft.id, 1, 'publish');
      const page = contract.GetArticleResponse.parse(await (await request('GET', `/api/article/${draft.slug}`)).json());
      expect(page.result.body).toEqual([{ type: 'paragraph', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' }]);
    });

    it.each([
      ['not JSON', '{', 400],
      ['JSON null', 'null', 400],
      ['an array', '[]', 400],
    ])('refuses a body that is %s', async (_what, body, code) => {
      await errorOf(await request('POST', '/api/admin/articles', { as: as(), body }), code);
    });

    it('refuses a body too large (413) and a wrong content type (415)', async () => {
      const huge = JSON.stringify(draftBody('x', { subtitle: 'x'.repeat(600_000) }));
      await errorOf(await request('POST', '/api/admin/articles', { as: as(), body: huge }), 413);
      await errorOf(await request('POST', '/api/admin/articles', { as: as(), body: 'x', headers: { 'content-type': 'text/plain' } }), 415);
    });

    it.each(['0', '-1', 'abc', '1.5', '99999999999'])('refuses the id %s with 400', async (id) => {
      await errorOf(await request('GET', `/api/admin/articles/${id}`, { as: as() }), 400);
      await errorOf(await request('PUT', `/api/admin/articles/${id}`, { as: as(), body: { ...draftBody('x'), version: 1 } }), 400);
    });

    it('answers 404 for an article that does not exist', async () => {
      await errorOf(await request('GET', '/api/admin/articles/2000000000', { as: as() }), 404);
      await errorOf(await request('PUT', '/api/admin/articles/2000000000', { as: as(), body: { ...draftBody('x'), version: 1 } }), 404);
      await errorOf(await status('editor', 2000000000, 1, 'publish'), 404);
    });
  });

  describe('categories', () => {
    it('creates, renames, describes and reorders; refuses deleting a category that has articles', async () => {
      const created = contract.AdminCategory.parse(
        await (
          await request('POST', '/api/admin/categories', {
            as: signed('editor'),
            body: { name: 'Épices du monde', description: 'Piquant', color: '#aa0000' },
          })
        ).json(),
      );
      expect(created.slug).toBe('epices-du-monde');
      await errorOf(
        await request('POST', '/api/admin/categories', {
          as: signed('editor'),
          body: { name: 'Épices du monde', description: '', color: '#aa0000' },
        }),
        409,
      );
      // The site's own pages are not categories' addresses (the tag pages' /tag, /concours…).
      for (const name of ['Tag', 'Concours', 'Admin']) {
        expect(
          await errorOf(
            await request('POST', '/api/admin/categories', { as: signed('editor'), body: { name, description: '', color: '#aa0000' } }),
            409,
          ),
        ).toMatch(/page du site/);
      }
      const renamed = contract.AdminCategory.parse(
        await (
          await request('PUT', `/api/admin/categories/${created.id}`, {
            as: signed('editor'),
            body: { name: 'Épices', description: 'Très piquant' },
          })
        ).json(),
      );
      expect(renamed).toMatchObject({ name: 'Épices', description: 'Très piquant', slug: 'epices-du-monde' });
      const list = contract.ListAdminCategoriesResponse.parse(
        await (await request('GET', '/api/admin/categories', { as: signed('editor') })).json(),
      );
      const ids = list.results.map((c) => c.id).reverse();
      const reordered = contract.ReorderAdminCategoriesResponse.parse(
        await (await request('POST', '/api/admin/categories/order', { as: signed('editor'), body: { ids } })).json(),
      );
      expect(reordered.results.map((c) => c.id)).toEqual(ids);
      await errorOf(await request('POST', '/api/admin/categories/order', { as: signed('editor'), body: { ids: ids.slice(1) } }), 400);
      await errorOf(await request('POST', '/api/admin/categories/order', { as: signed('editor'), body: { ids: [1, 1] } }), 400);

      const mode = list.results.find((c) => c.slug === 'mode');
      if (!mode) throw new Error('no mode');
      expect(await errorOf(await request('DELETE', `/api/admin/categories/${mode.id}`, { as: signed('editor') }), 409)).toMatch(
        /contient encore .* déplacez-les/,
      );
      expect((await request('DELETE', `/api/admin/categories/${created.id}`, { as: signed('editor') })).status).toBe(204);
      await errorOf(await request('DELETE', `/api/admin/categories/${created.id}`, { as: signed('editor') }), 404);
      await errorOf(
        await request('POST', '/api/admin/categories', { as: signed('editor'), body: { name: 'x', description: '', color: 'red;}' } }),
        400,
      );
    });
  });

  describe('staff and audit', () => {
    it('an admin creates accounts (password 12 characters at least, unique address)', async () => {
      const weak = await request('POST', '/api/admin/staff', {
        as: signed('admin'),
        body: { email: 'faible@piquante.test', name: 'Faible', role: 'author', password: 'court' },
      });
      expect(await errorOf(weak, 400)).toMatch(/12 caractères/);
      const twice = await request('POST', '/api/admin/staff', {
        as: signed('admin'),
        body: { email: 'editor@piquante.test', name: 'Double', role: 'author', password: PASSWORD },
      });
      expect(await errorOf(twice, 409)).toMatch(/existe déjà/);
      const list = contract.ListStaffResponse.parse(await (await request('GET', '/api/admin/staff', { as: signed('admin') })).json());
      // No hash and no password field (the `mustChangePassword` flag says nothing of the password itself).
      expect(JSON.stringify(list)).not.toMatch(/argon2|"password(Hash)?"|passwordHash/i);
    });

    it('the audit log lists who did what, newest first', async () => {
      const draft = await create('editor', 'Pour le journal');
      await status('editor', draft.id, 1, 'publish');
      const log = contract.ListAuditLogResponse.parse(
        await (await request('GET', '/api/admin/audit?limit=5', { as: signed('admin') })).json(),
      );
      expect(log.results[0]).toMatchObject({
        action: 'article.publish',
        entity: 'article',
        entityId: draft.id,
        staffEmail: 'editor@piquante.test',
      });
      expect(log.results[1]).toMatchObject({ action: 'article.create', entityId: draft.id });
    });
  });
});

describe('newsroom sign-in limits', () => {
  const api = useNewsroomApi('pglite', { ADMIN_LOGIN_RATE_LIMIT: '3', SITE_URL: 'https://www.piquante.test' });

  it('limits sign-in attempts per IP (429 with Retry-After), whatever the outcome', async () => {
    const attempt = (ip: string) =>
      api.request('POST', '/api/admin/session', {
        body: { email: 'admin@piquante.test', password: 'mauvais' },
        headers: { 'x-test-ip': ip },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('198.51.100.7')).status).toBe(401);
    const limited = await attempt('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await attempt('198.51.100.8')).status).toBe(401);
  });

  it('behind HTTPS the cookie is Secure and __Host- prefixed', async () => {
    const response = await api.request('POST', '/api/admin/session', {
      body: { email: 'admin@piquante.test', password: PASSWORD },
      headers: { 'x-test-ip': '203.0.113.9' },
    });
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-piquante_staff=.*; Path=\/; HttpOnly; SameSite=Strict; .*Secure/);
  });
});
