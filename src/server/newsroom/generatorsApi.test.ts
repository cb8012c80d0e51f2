/**
 * Repartee generators in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): written
 * through the shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish, revisions
 * and restore), replies that keep their ids (their shareable addresses) when edited or moved, hostile input
 * refused in French with nothing written, and the readers' API answering from the same rows: published
 * only. Every answer is parsed with the contract's schemas. Who may call what: adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { reparteeGenerators } from '../../db/schema.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { itFollowsTheEditorialRules } from '../../testing/editorialFormatSuite.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { findStoredRedirect } from '../redirects/redirectStore.server.ts';
import { publishDueGenerators } from './generators/generatorWorkflow.ts';

describe.each(testDatabaseKinds)('repartee generators in the newsroom on %s', (kind) => {
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status } = formatCalls(api, generatorDeclaration);

  /** What a reader gets at the generator's address: the generator, or null (404). */
  async function readerGenerator(slug: string) {
    const response = await request('GET', `/api/repartee-generator/${slug}`);
    if (response.status === 404) return null;
    expect(response.status).toBe(200);
    return contract.GetReparteeGeneratorResponse.parse(await response.json());
  }

  async function readerList() {
    const response = await request('GET', '/api/repartee-generator');
    expect(response.status).toBe(200);
    return contract.ListReparteeGeneratorsResponse.parse(await response.json()).results;
  }

  const generatorCount = async () => (await api.database().db.select({ n: count() }).from(reparteeGenerators))[0]?.n ?? 0;

  describe('the seeded generators', () => {
    it('are listed as published, version 1, and a save keeps their replies’ ids and numbers new ones after them', async () => {
      const response = await request('GET', '/api/admin/generators?status=published&limit=100', { as: signed('editor') });
      const list = contract.ListAdminGeneratorsResponse.parse(await response.json());
      expect(list.total).toBeGreaterThan(0);
      const first = list.results[0];
      expect(first).toMatchObject({ status: 'published', version: 1 });
      const seeded = contract.GetAdminGeneratorResponse.parse(
        await (await request('GET', `/api/admin/generators/${first?.id}`, { as: signed('editor') })).json(),
      );
      const reader = await readerGenerator(seeded.slug);
      expect(reader?.replies).toEqual(seeded.replies);
      const highest = Math.max(...seeded.replies.map((r) => r.id));
      const saved = await save(seeded.id, {
        title: seeded.title,
        description: seeded.description,
        image: seeded.image,
        replies: [...seeded.replies, { text: 'Une nouvelle venue.' }],
        version: seeded.version,
      });
      expect(saved.replies.at(-1)).toEqual({ id: highest + 1, text: 'Une nouvelle venue.' });
      expect((await readerGenerator(seeded.slug))?.replies.at(-1)?.text).toBe('Une nouvelle venue.');
    });
  });

  describe('writing', () => {
    it('creates a draft with its replies numbered from 1, an address from its title; readers see nothing', async () => {
      const before = await readerList();
      const generator = await create(generatorDraftBody('  Répondre à la belle-mère  '));
      expect(generator).toMatchObject({
        status: 'draft',
        version: 1,
        title: 'Répondre à la belle-mère',
        slug: 'repondre-a-la-belle-mere',
        fullUrl: '/generateur-de-repartie/repondre-a-la-belle-mere',
        publishedAt: null,
        replies: [
          { id: 1, text: 'Première réplique.' },
          { id: 2, text: 'Deuxième réplique.' },
        ],
      });
      expect(await readerGenerator(generator.slug)).toBeNull();
      expect(await readerList()).toEqual(before);
      const again = await create(generatorDraftBody('Répondre à la belle-mère'));
      expect(again.slug).toBe('repondre-a-la-belle-mere-2');
      const taken = await request('POST', '/api/admin/generators', {
        as: signed('editor'),
        body: generatorDraftBody('Autre', { slug: 'repondre-a-la-belle-mere' }),
      });
      expect(await errorOf(taken, 409)).toMatch(/déjà prise/);
    });

    it('a reply keeps its id when edited or moved; a removed id is never given again; a new reply gets the next', async () => {
      const generator = await create(generatorDraftBody('Stables', { replies: [{ text: 'Un' }, { text: 'Deux' }, { text: 'Trois' }] }));
      const [one, two, three] = generator.replies;
      // Edit the second, move the third first, remove the first, add one.
      const saved = await save(generator.id, {
        ...generatorDraftBody('Stables'),
        slug: generator.slug,
        replies: [{ id: three?.id, text: 'Trois' }, { id: two?.id, text: 'Deux, réécrite' }, { text: 'Quatre' }],
        version: generator.version,
      });
      expect(saved.replies).toEqual([
        { id: 3, text: 'Trois' },
        { id: 2, text: 'Deux, réécrite' },
        { id: 4, text: 'Quatre' },
      ]);
      const again = await save(generator.id, {
        ...generatorDraftBody('Stables'),
        slug: generator.slug,
        replies: [...saved.replies, { text: 'Cinq' }],
        version: saved.version,
      });
      // 1 was removed: the new reply is 5, never 1.
      expect(again.replies.map((r) => r.id)).toEqual([3, 2, 4, 5]);
      expect(one?.id).toBe(1);
      // An id this generator never gave is refused.
      const forged = await request('PUT', `/api/admin/generators/${generator.id}`, {
        as: signed('editor'),
        body: { ...generatorDraftBody('Stables'), replies: [{ id: 99, text: 'Forgée' }], version: again.version },
      });
      expect(await errorOf(forged, 400)).toMatch(/jamais donné/);
      const twice = await request('PUT', `/api/admin/generators/${generator.id}`, {
        as: signed('editor'),
        body: {
          ...generatorDraftBody('Stables'),
          replies: [
            { id: 2, text: 'A' },
            { id: 2, text: 'B' },
          ],
          version: again.version,
        },
      });
      expect(await errorOf(twice, 400)).toMatch(/autre réplique/);
    });

    it('refuses hostile or broken input in French, and writes nothing', async () => {
      const before = await generatorCount();
      const base = generatorDraftBody('Hostile');
      const many = Array.from({ length: 201 }, (_, i) => ({ text: `Réplique ${i}` }));
      const cases: [string, unknown, RegExp][] = [
        ['HTML in a reply', { ...base, replies: [{ text: '<img src=x onerror=alert(1)>' }] }, /HTML/],
        ['a script tag in the title', { ...base, title: '<script>alert(1)</script>' }, /HTML/],
        ['an HTML entity in the intro', { ...base, description: 'Salut &#60;script&#62;' }, /HTML/],
        ['HTML in the alt text', { ...base, image: { ...base.image, alt: '<b>gras</b>' } }, /HTML/],
        ['javascript: in a reply', { ...base, replies: [{ text: 'JaVaScRiPt:alert(1)' }] }, /javascript/],
        ['a javascript: image', { ...base, image: { ...base.image, url: 'javascript:alert(1)' } }, /image/],
        ['a protocol-relative image', { ...base, image: { ...base.image, url: '//evil.example/x.png' } }, /image/],
        ['an empty reply', { ...base, replies: [{ text: 'Bien' }, { text: '   ' }] }, /La réplique 2 est vide/],
        ['no reply', { ...base, replies: [] }, /au moins une réplique/],
        ['too many replies', { ...base, replies: many }, /replies/],
        ['an oversized reply', { ...base, replies: [{ text: 'x'.repeat(281) }] }, /replies/],
        ['a blank title', { ...base, title: '   ' }, /titre/i],
        ['a missing alt text', { ...base, image: { ...base.image, alt: '  ' } }, /alternatif/],
        ['a reply as a number', { ...base, replies: [{ text: 42 }] }, /replies/],
        ['an id on a new generator', { ...base, replies: [{ id: 1, text: 'Forgée' }] }, /jamais donné/],
        ['a bad slug', { ...base, slug: 'Pas Une Adresse' }, /slug/],
        ['an unknown field', { ...base, couleur: 'rouge' }, /couleur/],
      ];
      for (const [what, body, message] of cases) {
        const response = await request('POST', '/api/admin/generators', { as: signed('editor'), body });
        expect(await errorOf(response, 400), what).toMatch(message);
      }
      const huge = { ...base, description: 'x'.repeat(600 * 1024) };
      await errorOf(await request('POST', '/api/admin/generators', { as: signed('editor'), body: huge }), 413);
      await errorOf(await request('POST', '/api/admin/generators', { as: signed('editor'), body: '{"title":' }), 400);
      await errorOf(
        await request('POST', '/api/admin/generators', {
          as: signed('editor'),
          body: JSON.stringify(base),
          headers: { 'content-type': 'text/plain' },
        }),
        415,
      );
      expect(await generatorCount()).toBe(before);
    });

    it('refuses the same on a save, and keeps the generator as it was', async () => {
      const generator = await create(generatorDraftBody('Intact'));
      const response = await request('PUT', `/api/admin/generators/${generator.id}`, {
        as: signed('editor'),
        body: { ...generatorDraftBody('Intact'), replies: [{ id: 1, text: '<a href="javascript:alert(1)">x</a>' }], version: 1 },
      });
      expect(await errorOf(response, 400)).toMatch(/HTML/);
      const [row] = await api.database().db.select().from(reparteeGenerators).where(eq(reparteeGenerators.id, generator.id));
      expect(row?.version).toBe(1);
      expect(row?.replies[0]?.text).toBe('Première réplique.');
    });

    it('a draft whose status change was refused (a forged token) stays unseen by readers', async () => {
      const generator = await create(generatorDraftBody('Gardé'));
      const forged = { as: { ...signed('editor'), csrf: 'faux' }, body: { action: 'publish', version: 1 } };
      await errorOf(await request('POST', `/api/admin/generators/${generator.id}/status`, forged), 403);
      expect(await readerGenerator(generator.slug)).toBeNull();
    });

    it('each role: a contributor writes drafts but cannot publish (French 403), an author publishes its own, an editor any', async () => {
      const mine = await create(generatorDraftBody('De la contributrice'), signed('contributor'));
      const refusedPublish = await request('POST', `/api/admin/generators/${mine.id}/status`, {
        as: signed('contributor'),
        body: { action: 'publish', version: mine.version },
      });
      expect(await errorOf(refusedPublish, 403)).toMatch(
        /^Votre rôle \(contributeur\) ne permet pas de publier, programmer ou dépublier ce générateur\.$/,
      );
      const authors = await create(generatorDraftBody('De l’auteure'), signed('author'));
      await errorOf(await request('GET', `/api/admin/generators/${mine.id}`, { as: signed('author') }), 403);
      expect((await status(authors.id, authors.version, 'publish', {}, signed('author'))).status).toBe('published');
      expect((await status(mine.id, mine.version, 'publish', {}, signed('admin'))).status).toBe('published');
      expect(await errorOf(await request('GET', '/api/admin/generators/999999', { as: signed('editor') }), 404)).toBe(
        'Ce générateur de répartie est introuvable.',
      );
      await errorOf(await request('GET', '/api/admin/generators/abc', { as: signed('editor') }), 400);
      const list = contract.ListAdminGeneratorsResponse.parse(
        await (await request('GET', '/api/admin/generators?limit=100', { as: signed('contributor') })).json(),
      );
      expect(list.results.every((g) => g.status === 'published' || g.id === mine.id)).toBe(true);
    });
  });

  describe('what readers get', () => {
    it('publishing shows it first in the list with its replies, purges pages; unpublishing removes it', async () => {
      const draft = await create(generatorDraftBody('Répondre au voisin bruyant'));
      const changesBefore = api.changes();
      const published = await status(draft.id, draft.version, 'publish');
      expect(published.publishedAt).not.toBeNull();
      expect(api.changes()).toBe(changesBefore + 1);
      const reader = await readerGenerator(draft.slug);
      expect(reader).toMatchObject({ id: draft.id, title: 'Répondre au voisin bruyant', replyCount: 2, replies: draft.replies });
      expect((await readerList())[0]?.url).toBe(draft.slug);
      // Edited while published: readers get it at once, the reply under the same id (its shared link).
      const edited = await save(draft.id, {
        ...generatorDraftBody('Répondre au voisin bruyant'),
        slug: draft.slug,
        replies: [
          { id: 2, text: 'Deuxième, retouchée.' },
          { id: 1, text: 'Première réplique.' },
        ],
        version: published.version,
      });
      expect(api.changes()).toBe(changesBefore + 2);
      expect((await readerGenerator(draft.slug))?.replies).toEqual([
        { id: 2, text: 'Deuxième, retouchée.' },
        { id: 1, text: 'Première réplique.' },
      ]);
      await status(draft.id, edited.version, 'unpublish');
      expect(api.changes()).toBe(changesBefore + 3);
      expect(await readerGenerator(draft.slug)).toBeNull();
      expect((await readerList()).some((g) => g.id === draft.id)).toBe(false);
    });

    it('a published generator’s new address: the old one (and its replies’ links) redirects; a new generator there wins', async () => {
      const draft = await create(generatorDraftBody('Ancienne adresse'));
      const published = await status(draft.id, draft.version, 'publish');
      const moved = await save(draft.id, {
        ...generatorDraftBody('Ancienne adresse'),
        slug: 'nouvelle-adresse',
        version: published.version,
      });
      expect(moved.fullUrl).toBe('/generateur-de-repartie/nouvelle-adresse');
      const db = api.database().db;
      expect(await findStoredRedirect(db, '/generateur-de-repartie/ancienne-adresse')).toBe('/generateur-de-repartie/nouvelle-adresse');
      expect(await readerGenerator('ancienne-adresse')).toBeNull();
      // Another generator published at the old address: its page, not the redirect.
      const other = await create(generatorDraftBody('Autre', { slug: 'ancienne-adresse' }));
      await status(other.id, other.version, 'publish');
      expect(await findStoredRedirect(db, '/generateur-de-repartie/ancienne-adresse')).toBeNull();
      expect((await readerGenerator('ancienne-adresse'))?.id).toBe(other.id);
    });

    it('a scheduled generator shows once the scheduler has published it', async () => {
      const draft = await create(generatorDraftBody('Programmé'));
      const at = new Date(api.clock.now().getTime() + 3600_000);
      const scheduled = await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
      expect(await readerGenerator(draft.slug)).toBeNull();
      expect(await publishDueGenerators(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
      expect(await publishDueGenerators(api.database().db, new Date(at.getTime() + 1000))).toEqual([draft.id]);
      expect((await readerGenerator(draft.slug))?.title).toBe('Programmé');
    });
  });

  describe('revisions', () => {
    it('lists each version with readable changes, and restores one (replies with their ids) as a new version', async () => {
      const generator = await create(generatorDraftBody('Avec versions'));
      const saved = await save(generator.id, {
        ...generatorDraftBody('Avec versions'),
        slug: generator.slug,
        description: 'Une autre introduction.',
        replies: [{ id: 1, text: 'Première, changée.' }],
        version: 1,
      });
      const listed = await request('GET', `/api/admin/generators/${generator.id}/revisions`, { as: signed('editor') });
      const revisions = contract.ListGeneratorRevisionsResponse.parse(await listed.json()).results;
      expect(revisions.map((r) => r.version)).toEqual([2, 1]);
      expect(revisions[0]?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['Introduction', 'Réplique n° 1', 'Réplique n° 2']));
      const first = revisions[1]?.id ?? 0;
      const restoredAnswer = await request('POST', `/api/admin/generators/${generator.id}/revisions/${first}/restore`, {
        as: signed('editor'),
        body: { version: saved.version },
      });
      expect(restoredAnswer.status, await restoredAnswer.clone().text()).toBe(200);
      const restored = contract.RestoreGeneratorRevisionResponse.parse(await restoredAnswer.json());
      expect(restored).toMatchObject({ version: 3, description: generator.description, replies: generator.replies });
      const stale = await request('POST', `/api/admin/generators/${generator.id}/revisions/${first}/restore`, {
        as: signed('editor'),
        body: { version: saved.version },
      });
      expect(stale.status).toBe(409);
      await errorOf(
        await request('POST', `/api/admin/generators/${generator.id}/revisions/999999/restore`, {
          as: signed('editor'),
          body: { version: 3 },
        }),
        404,
      );
    });
  });

  // After the role test: its contributor's drafts are published by then, as the rules' list check expects.
  itFollowsTheEditorialRules(api, generatorDeclaration, {
    draft: (name) => generatorDraftBody(name),
    nameField: 'title',
    keep: ['slug'],
    thisItem: 'ce générateur',
    notFound: 'Ce générateur de répartie est introuvable.',
    racers: 10,
  });
});
