/**
 * Marketing popins in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): the five types
 * written through the shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish,
 * revisions and restore), hostile input refused in French with nothing written, the cookie hash renewed by
 * a content change only, and GET /api/popin answering from the same rows: published, within its dates,
 * the path rule matching, the highest priority (then the most precise path). Every answer is parsed with
 * the contract's schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { PopinDraftInput, PopinType } from '../../api/types.ts';
import { popins } from '../../db/schema.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { popinDraftBody } from '../../testing/popinFixtures.ts';
import { popinDeclaration } from '../../formats/popinFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { itFollowsTheEditorialRules } from '../../testing/editorialFormatSuite.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { publishDuePopins } from './popins/popinWorkflow.ts';
import { loadNewsroomSecret, previewToken } from './previewTokens.ts';

const DAY = 86_400_000;
const TYPES: PopinType[] = ['register_complete', 'register_light', 'register_choice', 'button', 'survey'];

describe.each(testDatabaseKinds)('popins in the newsroom on %s', (kind) => {
  // The scheduler's call may move the newsroom's clock (as the end-to-end tests do).
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status } = formatCalls(api, popinDeclaration);

  async function published(body: PopinDraftInput) {
    const draft = await create(body);
    return status(draft.id, draft.version, 'publish');
  }

  /** What a reader gets on `path`: the popin's hash, or null (204). */
  async function readerHash(path: string): Promise<string | null> {
    const response = await request('GET', `/api/popin?url=${encodeURIComponent(path)}`);
    if (response.status === 204) return null;
    expect(response.status).toBe(200);
    return contract.GetPopinResponse.parse(await response.json()).cookie.hash;
  }

  const popinCount = async () => (await api.database().db.select({ n: count() }).from(popins))[0]?.n ?? 0;

  itFollowsTheEditorialRules(api, popinDeclaration, {
    draft: (name) => popinDraftBody(name),
    nameField: 'name',
    thisItem: 'cette popin',
    notFound: 'Cette popin est introuvable.',
  });

  describe('the seeded popins', () => {
    it('are listed as published popins, and readers still get them', async () => {
      const response = await request('GET', '/api/admin/popins?status=published&limit=50', { as: signed('editor') });
      expect(response.status).toBe(200);
      const list = contract.ListAdminPopinsResponse.parse(await response.json());
      expect(new Set(list.results.map((p) => p.type))).toEqual(new Set(TYPES));
      const choice = list.results.find((p) => p.type === 'register_choice');
      expect(choice).toMatchObject({ matchPath: '/mode', matchMode: 'prefix', status: 'published', version: 1 });
      expect(choice?.name.length).toBeGreaterThan(3);
      const detail = contract.GetAdminPopinResponse.parse(
        await (await request('GET', `/api/admin/popins/${choice?.id}`, { as: signed('editor') })).json(),
      );
      expect(await readerHash('/mode/un-article')).toBe(detail.cookie.hash);
    });
  });

  describe('writing', () => {
    it('creates a draft of each of the five types, with every part of the contract and its own hash; readers see none', async () => {
      const hashes = new Set<string>();
      for (const type of TYPES) {
        const popin = await create(popinDraftBody(`Brouillon ${type}`, type, { matchPath: '/brouillons' }));
        expect(popin).toMatchObject({ type, status: 'draft', version: 1, matchPath: '/brouillons', publishedAt: null });
        expect(Object.keys(popin.parts).sort()).toEqual(Object.keys(contract.PopinParts.shape).sort());
        expect(popin.cookie.hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
        hashes.add(popin.cookie.hash);
      }
      expect(hashes.size).toBe(5);
      expect(await readerHash('/brouillons')).toBeNull();
    });

    it('normalises: trimmed texts, empty parts null, no delay kept without isOpenDelay', async () => {
      const popin = await create(
        popinDraftBody('  Espaces  ', 'survey', {
          trigger: { isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 12 },
          parts: { title: '  Thé ?  ', subtitle: '   ', button1_text: 'Oui', button2_text: 'Non' },
        }),
      );
      expect(popin.name).toBe('Espaces');
      expect(popin.parts.title).toBe('Thé ?');
      expect(popin.parts.subtitle).toBeNull();
      expect(popin.trigger).toEqual({ isClose: true, isOpen: false, isOpenDelay: false, timeDelay: 0 });
    });

    it('refuses hostile or inconsistent input in French, and writes nothing', async () => {
      const before = await popinCount();
      const base = popinDraftBody('Hostile', 'button');
      const cases: [string, unknown, RegExp][] = [
        ['5 buttons', { ...base, parts: { ...base.parts, button5_text: 'Un de trop', button5_url: '/x' } }, /au plus 4 boutons/],
        ['a third choice', { ...base, parts: { ...base.parts, choice3_type: '1' } }, /au plus 2 choix/],
        ['HTML in a title', { ...base, parts: { ...base.parts, title: '<img src=x onerror=alert(1)>' } }, /HTML/],
        ['HTML in the name', { ...base, name: '<b>Nom</b>' }, /HTML/],
        ['HTML entity', { ...base, parts: { ...base.parts, description: 'Salut &#60;script&#62;' } }, /HTML/],
        ['javascript: link', { ...base, parts: { ...base.parts, button1_url: 'javascript:alert(1)' } }, /javascript/],
        ['JavaScript: link, mixed case', { ...base, parts: { ...base.parts, button1_url: ' JaVaScRiPt:alert(1)' } }, /javascript/],
        ['protocol-relative link', { ...base, parts: { ...base.parts, button1_url: '//evil.example/x' } }, /chemin du site/],
        // Issue 34, part 6: https and mailto only, read as URLs by the letter.
        ['http: link', { ...base, parts: { ...base.parts, button1_url: 'http://evil.example/x' } }, /https:\/\//],
        ['https: without its slashes', { ...base, parts: { ...base.parts, button1_url: 'https:evil.example' } }, /https:\/\//],
        ['https:/ with one slash', { ...base, parts: { ...base.parts, button1_url: 'https:/evil.example' } }, /https:\/\//],
        ['mailto: without an address', { ...base, parts: { ...base.parts, button2_url: 'mailto:' } }, /mailto/],
        ['http: image', { ...base, parts: { ...base.parts, background: 'http://images.exemple.fr/fond.png' } }, /médiathèque/],
        ['data: image', { ...base, parts: { ...base.parts, background: 'data:image/svg+xml,<svg onload=alert(1)>' } }, /médiathèque/],
        ['javascript: image', { ...base, parts: { ...base.parts, choice1_image: 'javascript:alert(1)' } }, /médiathèque/],
        ['a link without text', { ...base, parts: { button1_text: 'Un', button2_url: '/deux' } }, /bouton 2 a un lien/],
        ['no button', { ...base, parts: { title: 'Rien' } }, /au moins un bouton/],
        ['a survey with one answer', popinDraftBody('S', 'survey', { parts: { button1_text: 'Seul' } }), /deux réponses/],
        [
          'a survey answer with a link',
          popinDraftBody('S', 'survey', { parts: { button1_text: 'A', button2_text: 'B', button2_url: '/b' } }),
          /pas de lien/,
        ],
        ['a choice without newsletter', popinDraftBody('C', 'register_choice', { parts: { choice1_type: '1' } }), /choix 2/],
        [
          'twice the same newsletter',
          popinDraftBody('C', 'register_choice', { parts: { choice1_type: '1', choice2_type: '1' } }),
          /différentes/,
        ],
        ['an unknown newsletter', popinDraftBody('C', 'register_choice', { parts: { choice1_type: '9', choice2_type: '1' } }), /existante/],
        ['two triggers', { ...base, trigger: { isClose: true, isOpen: true, isOpenDelay: false, timeDelay: 0 } }, /un seul déclencheur/],
        ['no trigger', { ...base, trigger: { isClose: false, isOpen: false, isOpenDelay: false, timeDelay: 0 } }, /un seul déclencheur/],
        ['a delay of 0 s', { ...base, trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 0 } }, /délai/],
        ['an uppercase path', { ...base, matchPath: '/Mode' }, /chemin visé/],
        ['a path with a query', { ...base, matchPath: '/mode?x=1' }, /chemin visé/],
        ['a trailing slash', { ...base, matchPath: '/mode/' }, /chemin visé/],
        ['a protocol-relative path', { ...base, matchPath: '//evil.example' }, /chemin visé/],
        ['a path that is no path', { ...base, matchPath: 'javascript:alert(1)' }, /chemin visé/],
        ['an end before the start', { ...base, startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, /après son début/],
        ['a blank name', { ...base, name: '   ' }, /nom/i],
        ['a priority as text', { ...base, priority: 'haute' }, /priority/],
        ['a negative cookie duration', { ...base, successDuration: -1 }, /successDuration/],
        ['an unknown type', { ...base, type: 'popup' }, /type/],
        ['a title too long', { ...base, parts: { ...base.parts, title: 'x'.repeat(301) } }, /title/],
        ['a part as a number', { ...base, parts: { ...base.parts, title: 42 } }, /title/],
        ['an unknown field', { ...base, couleur: 'rouge' }, /couleur/],
        ['a missing trigger', { ...base, trigger: undefined }, /trigger/],
      ];
      for (const [what, body, message] of cases) {
        const response = await request('POST', '/api/admin/popins', { as: signed('editor'), body });
        expect(await errorOf(response, 400), what).toMatch(message);
      }
      const huge = { ...base, parts: { ...base.parts, description: 'x'.repeat(600 * 1024) } };
      await errorOf(await request('POST', '/api/admin/popins', { as: signed('editor'), body: huge }), 413);
      await errorOf(await request('POST', '/api/admin/popins', { as: signed('editor'), body: '{"name":' }), 400);
      await errorOf(
        await request('POST', '/api/admin/popins', {
          as: signed('editor'),
          body: JSON.stringify(base),
          headers: { 'content-type': 'text/plain' },
        }),
        415,
      );
      expect(await popinCount()).toBe(before);
      const log = contract.ListAuditLogResponse.parse(
        await (await request('GET', '/api/admin/audit?limit=50', { as: signed('admin') })).json(),
      );
      const refusals = log.results.filter((e) => e.action === 'popin.refused').map((e) => (e.detail as { field?: string }).field);
      expect(refusals).toEqual(expect.arrayContaining(['parts.button1_url', 'parts.background', 'parts.title', 'name']));
    });

    it('refuses the same on a save, and keeps the popin as it was', async () => {
      const popin = await create(popinDraftBody('Intacte', 'button'));
      const response = await request('PUT', `/api/admin/popins/${popin.id}`, {
        as: signed('editor'),
        body: {
          ...popinDraftBody('Intacte', 'button'),
          version: popin.version,
          parts: { button1_text: 'Go', button1_url: 'javascript:alert(1)' },
        },
      });
      expect(await errorOf(response, 400)).toMatch(/javascript/);
      const [row] = await api.database().db.select().from(popins).where(eq(popins.id, popin.id));
      expect(row?.version).toBe(1);
      expect(row?.parts.button1_url).toBe('/shopping');
    });

    it('a preview token that is not one is a 404, without a session', async () => {
      await errorOf(await request('GET', '/api/preview/popin/pas-un-jeton-valide'), 404);
    });
  });

  describe('the cookie hash', () => {
    it('changes with the content only, and readers get the new one (a closed popin shows again)', async () => {
      const body = popinDraftBody('Hachée', 'survey', { matchPath: '/hachage' });
      const popin = await published(body);
      expect(await readerHash('/hachage')).toBe(popin.cookie.hash);
      const changesBefore = api.changes();
      // Placement, priority, trigger and name: the same content, the same hash.
      const moved = await save(popin.id, {
        ...body,
        name: 'Renommée',
        priority: 3,
        trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 5 },
        version: popin.version,
      });
      expect(moved.cookie.hash).toBe(popin.cookie.hash);
      expect(api.changes()).toBe(changesBefore + 1);
      // A new question: a new hash, at once for readers (the popin is published).
      const reworded = await save(popin.id, {
        ...body,
        parts: { ...body.parts, description: 'Café ou chocolat ?' },
        version: moved.version,
      });
      expect(reworded.cookie.hash).not.toBe(popin.cookie.hash);
      expect(await readerHash('/hachage')).toBe(reworded.cookie.hash);
      // Back to the first text: still a new hash (a new version of the content).
      const back = await save(popin.id, { ...body, version: reworded.version });
      expect(new Set([popin.cookie.hash, reworded.cookie.hash, back.cookie.hash]).size).toBe(3);
    });
  });

  describe('what readers get (GET /api/popin)', () => {
    it('published, within its dates, the path rule matching, the highest priority, then the most precise path', async () => {
      const now = Date.now();
      const section = await published(popinDraftBody('Rubrique été', 'button', { matchPath: '/ete', priority: 1 }));
      const article = await published(
        popinDraftBody('Un article', 'survey', { matchPath: '/ete/un-article', matchMode: 'exact', priority: 1 }),
      );
      expect(await readerHash('/ete')).toBe(section.cookie.hash);
      expect(await readerHash('/ete/autre-article')).toBe(section.cookie.hash);
      expect(await readerHash('/ete/un-article')).toBe(article.cookie.hash);
      expect(await readerHash('/ete/un-article/suite')).toBe(section.cookie.hash);
      expect(await readerHash('/etendue')).toBeNull();
      expect(await readerHash('/ailleurs')).toBeNull();

      // Higher priority, but not yet (starts tomorrow), then already over (ended yesterday): not shown.
      const later = await published(
        popinDraftBody('Demain', 'register_light', { matchPath: '/ete', priority: 9, startsAt: new Date(now + DAY).toISOString() }),
      );
      const over = await published(
        popinDraftBody('Hier', 'register_light', { matchPath: '/ete', priority: 9, endsAt: new Date(now - DAY).toISOString() }),
      );
      // A draft of the highest priority: not shown either.
      await create(popinDraftBody('Brouillon prioritaire', 'register_light', { matchPath: '/ete', priority: 1000 }));
      expect(await readerHash('/ete/un-article')).toBe(article.cookie.hash);
      expect(await readerHash('/ete')).toBe(section.cookie.hash);

      // Its window opens (started an hour ago, ends tomorrow): the highest priority wins everywhere under /ete.
      const open = await save(later.id, {
        ...popinDraftBody('Demain', 'register_light', { matchPath: '/ete', priority: 9 }),
        startsAt: new Date(now - 3600_000).toISOString(),
        endsAt: new Date(now + DAY).toISOString(),
        version: later.version,
      });
      expect(await readerHash('/ete')).toBe(open.cookie.hash);
      expect(await readerHash('/ete/un-article')).toBe(open.cookie.hash);
      expect(over.status).toBe('published');

      // Unpublished: back to the others.
      await status(open.id, open.version, 'unpublish');
      expect(await readerHash('/ete/un-article')).toBe(article.cookie.hash);
      const [row] = await api.database().db.select({ active: popins.active }).from(popins).where(eq(popins.id, open.id));
      expect(row?.active).toBe(false);
    });

    it('a scheduled popin shows once the scheduler has published it', async () => {
      const draft = await create(popinDraftBody('Programmée', 'survey', { matchPath: '/programme' }));
      const at = new Date(api.clock.now().getTime() + 3600_000);
      const scheduled = await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
      expect(await readerHash('/programme')).toBeNull();
      expect(await publishDuePopins(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
      const changesBefore = api.changes();
      const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 3601 } });
      expect(run.status).toBe(200);
      contract.RunSchedulerResponse.parse(await run.json());
      expect(api.changes()).toBe(changesBefore + 1);
      const [row] = await api.database().db.select().from(popins).where(eq(popins.id, draft.id));
      expect(row).toMatchObject({ status: 'published', active: true, scheduledAt: null, publishedAt: at });
      expect(await readerHash('/programme')).toBe(draft.cookie.hash);
    });
  });

  describe('revisions', () => {
    it('lists each version with readable changes, and restores one as a new version', async () => {
      const body = popinDraftBody('Avec versions', 'button', { matchPath: '/versions' });
      const popin = await create(body);
      const saved = await save(popin.id, {
        ...body,
        priority: 7,
        trigger: { isClose: false, isOpen: false, isOpenDelay: true, timeDelay: 4 },
        parts: { ...body.parts, button2_text: 'Écrivez-nous' },
        version: 1,
      });
      const listed = await request('GET', `/api/admin/popins/${popin.id}/revisions`, { as: signed('editor') });
      const revisions = contract.ListPopinRevisionsResponse.parse(await listed.json()).results;
      expect(revisions.map((r) => r.version)).toEqual([2, 1]);
      expect(revisions[0]?.title).toBe('Avec versions');
      const fields = revisions[0]?.changes.map((c) => c.field);
      expect(fields).toEqual(expect.arrayContaining(['Priorité', 'Déclencheur', 'Texte du bouton 2']));
      expect(revisions[0]?.changes.find((c) => c.field === 'Déclencheur')).toEqual({
        field: 'Déclencheur',
        before: 'À l’ouverture',
        after: 'Après 4 s',
      });

      const first = revisions[1]?.id ?? 0;
      const stale = await request('POST', `/api/admin/popins/${popin.id}/revisions/${first}/restore`, {
        as: signed('editor'),
        body: { version: 1 },
      });
      expect(stale.status).toBe(409);
      const restored = await request('POST', `/api/admin/popins/${popin.id}/revisions/${first}/restore`, {
        as: signed('editor'),
        body: { version: saved.version },
      });
      expect(restored.status).toBe(200);
      const back = contract.RestorePopinRevisionResponse.parse(await restored.json());
      expect(back).toMatchObject({ version: 3, priority: 0, parts: { button2_text: 'Nous écrire' } });
      expect(back.trigger.isOpen).toBe(true);
      await errorOf(
        await request('POST', `/api/admin/popins/${popin.id}/revisions/999999/restore`, { as: signed('editor'), body: { version: 3 } }),
        404,
      );
      const log = contract.ListAuditLogResponse.parse(
        await (await request('GET', '/api/admin/audit?limit=5', { as: signed('admin') })).json(),
      );
      expect(log.results.map((e) => e.action)).toContain('popin.restore');
    });
  });

  describe('preview', () => {
    it('a signed link shows the working copy on a real page it targets; a forged or article token opens nothing', async () => {
      const draft = await create(popinDraftBody('À prévisualiser', 'register_choice', { matchPath: '/mode' }));
      const response = await request('POST', `/api/admin/popins/${draft.id}/preview-link`, { as: signed('editor') });
      expect(response.status).toBe(200);
      const link = contract.CreatePopinPreviewLinkResponse.parse(await response.json());
      expect(link.url).toMatch(/^\/mode\?apercu-popin=[A-Za-z0-9._-]+$/);
      const token = link.url.split('=')[1] ?? '';
      const preview = await request('GET', `/api/preview/popin/${token}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toMatch(/no-store/);
      const popin = contract.GetPopinPreviewResponse.parse(await preview.json());
      expect(popin).toMatchObject({ type: 'register_choice', cookie: { hash: draft.cookie.hash }, parts: { choice2_type: '2' } });
      // Readers do not get the draft.
      expect(await readerHash('/mode/x')).not.toBe(draft.cookie.hash);
      await errorOf(await request('GET', `/api/preview/popin/${token.slice(0, -2)}xx`), 404);
      // An article's preview token for the same id is signed for another purpose.
      const secret = await loadNewsroomSecret(api.database().db, undefined);
      const articleToken = previewToken(secret, draft.id, new Date(Date.now() + DAY));
      await errorOf(await request('GET', `/api/preview/popin/${articleToken}`), 404);
      expect(
        await request('GET', `/api/preview/popin/${previewToken(secret, draft.id, new Date(Date.now() + DAY), 'popin')}`),
      ).toHaveProperty('status', 200);
      // Expired: nothing.
      await errorOf(
        await request('GET', `/api/preview/popin/${previewToken(secret, draft.id, new Date(Date.now() - 1000), 'popin')}`),
        404,
      );
    });
  });
});
