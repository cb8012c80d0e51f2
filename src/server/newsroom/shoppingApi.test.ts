/**
 * The shopping selection in the newsroom (issue 19), on PGlite and PostgreSQL (TEST_DATABASE_URL): items
 * written through the shared editorial workflow (drafts, versions and 409, publish / schedule / unpublish,
 * revisions and restore), the selection's order, hostile input refused in French with nothing written, and
 * GET /api/shopping answering from the same rows: published items only, in order, the demo seed still
 * there. Every answer is parsed with the contract's schemas. Who may call what is in adminAuthorization.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { shoppingItems } from '../../db/schema.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { shoppingDraftBody } from '../../testing/shoppingFixtures.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { formatCalls } from '../../testing/formatApi.ts';
import { itFollowsTheEditorialRules } from '../../testing/editorialFormatSuite.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { publishDueShoppingItems } from './shopping/shoppingWorkflow.ts';

describe.each(testDatabaseKinds)('the shopping selection in the newsroom on %s', (kind) => {
  // The scheduler's call may move the newsroom's clock (as the end-to-end tests do).
  const api = useNewsroomApi(kind, { NEWSROOM_TEST_CLOCK: '1', NODE_ENV: 'test' });
  const { request, signed } = api;
  const { errorOf, create, save, status, adminList } = formatCalls(api, shoppingDeclaration);

  /** What readers get: GET /api/shopping, as the page loads it. */
  async function readerItems() {
    const response = await request('GET', '/api/shopping');
    expect(response.status).toBe(200);
    return contract.ListShoppingItemsResponse.parse(await response.json()).results;
  }

  const itemCount = async () => (await api.database().db.select({ n: count() }).from(shoppingItems))[0]?.n ?? 0;

  itFollowsTheEditorialRules(api, shoppingDeclaration, {
    draft: (name) => shoppingDraftBody(name),
    nameField: 'title',
    thisItem: 'ce produit',
    notFound: 'Ce produit est introuvable.',
  });

  it('the seeded selection is listed as published items, version 1, in the readers’ order', async () => {
    const list = await adminList();
    const seeded = list.results.filter((i) => i.createdById === null);
    expect(seeded.length).toBeGreaterThan(3);
    expect(seeded.every((i) => i.status === 'published' && i.version === 1)).toBe(true);
    const readers = await readerItems();
    expect(readers.map((i) => i.id)).toEqual(list.results.filter((i) => i.status === 'published').map((i) => i.id));
  });

  it('a draft stays hidden; published, readers get it first with its price in cents; unpublished, it leaves', async () => {
    const draft = await create(shoppingDraftBody('  Panier en osier  ', { priceCents: 3450, description: '  Tressé main.  ' }));
    expect(draft).toMatchObject({ title: 'Panier en osier', description: 'Tressé main.', status: 'draft', version: 1, publishedAt: null });
    expect((await readerItems()).some((i) => i.id === draft.id)).toBe(false);
    const changesBefore = api.changes();
    const published = await status(draft.id, draft.version, 'publish');
    expect(published).toMatchObject({ status: 'published', version: 2 });
    expect(api.changes()).toBe(changesBefore + 1);
    const readers = await readerItems();
    expect(readers[0]).toEqual({
      id: draft.id,
      title: 'Panier en osier',
      description: 'Tressé main.',
      image: shoppingDraftBody('x').image,
      price: { amount: 3450, currency: 'EUR' },
      merchant: 'Monoprix',
      link: 'https://www.monoprix.fr/produit/sac-cabas',
    });
    // A published item saved: live at once, the pages purged.
    await save(draft.id, { ...shoppingDraftBody('Panier en osier'), priceCents: 2990, version: published.version });
    expect(api.changes()).toBe(changesBefore + 2);
    expect((await readerItems()).find((i) => i.id === draft.id)?.price.amount).toBe(2990);
    const fresh = contract.GetAdminShoppingItemResponse.parse(
      await (await request('GET', `/api/admin/shopping/${draft.id}`, { as: signed('editor') })).json(),
    );
    await status(draft.id, fresh.version, 'unpublish');
    expect((await readerItems()).some((i) => i.id === draft.id)).toBe(false);
    expect(api.changes()).toBe(changesBefore + 3);
  });

  it('refuses hostile or absurd input in French, and writes nothing', async () => {
    const before = await itemCount();
    const base = shoppingDraftBody('Hostile');
    const cases: [string, unknown, RegExp][] = [
      ['HTML in the title', { ...base, title: '<img src=x onerror=alert(1)>' }, /HTML/],
      ['HTML in the description', { ...base, description: 'Joli <script>alert(1)</script>' }, /HTML/],
      ['an HTML entity', { ...base, merchant: 'Monop&#60;b&#62;' }, /HTML/],
      ['HTML in the alt text', { ...base, image: { ...base.image, alt: '<b>x</b>' } }, /HTML/],
      ['a javascript: link', { ...base, link: 'javascript:alert(1)' }, /javascript/],
      ['a JavaScript: link, mixed case', { ...base, link: ' JaVaScRiPt:alert(1)' }, /javascript/],
      ['a data: link', { ...base, link: 'data:text/html,<script>alert(1)</script>' }, /https/],
      ['a plain http link', { ...base, link: 'http://www.monoprix.fr/x' }, /https/],
      ['a protocol-relative link', { ...base, link: '//evil.example/x' }, /https/],
      ['a link with a quote', { ...base, link: 'https://a.example/"onmouseover=alert(1)' }, /https/],
      ['a site path as link', { ...base, link: '/shopping' }, /https/],
      ['a negative price', { ...base, priceCents: -100 }, /^Le prix doit être/],
      ['an absurd price', { ...base, priceCents: 10_000_001 }, /^Le prix doit être/],
      ['a price in decimals', { ...base, priceCents: 49.9 }, /^Le prix doit être/],
      ['a price as text', { ...base, priceCents: '49,90' }, /^Le prix doit être/],
      ['an image from elsewhere', { ...base, image: { ...base.image, url: 'https://evil.example/x.png' } }, /image/],
      ['a data: image', { ...base, image: { ...base.image, url: 'data:image/svg+xml,<svg onload=alert(1)>' } }, /image/],
      ['a protocol-relative image', { ...base, image: { ...base.image, url: '//evil.example/x.png' } }, /image/],
      ['an image without alt', { ...base, image: { ...base.image, alt: '   ' } }, /alternatif/],
      ['a blank title', { ...base, title: '   ' }, /titre/i],
      ['a blank merchant', { ...base, merchant: ' ' }, /marchand/i],
      ['a title too long', { ...base, title: 'x'.repeat(161) }, /title/],
      ['a link too long', { ...base, link: `https://a.example/${'x'.repeat(2000)}` }, /link/],
      ['a missing link', { ...base, link: undefined }, /link/],
      ['an unknown field', { ...base, couleur: 'rouge' }, /couleur/],
      ['a position (not an edited field)', { ...base, position: 1 }, /position/],
    ];
    for (const [what, body, message] of cases) {
      const response = await request('POST', '/api/admin/shopping', { as: signed('editor'), body });
      expect(await errorOf(response, 400), what).toMatch(message);
    }
    const huge = { ...base, description: 'x'.repeat(600 * 1024) };
    await errorOf(await request('POST', '/api/admin/shopping', { as: signed('editor'), body: huge }), 413);
    await errorOf(await request('POST', '/api/admin/shopping', { as: signed('editor'), body: '{"title":' }), 400);
    await errorOf(
      await request('POST', '/api/admin/shopping', {
        as: signed('editor'),
        body: JSON.stringify(base),
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    );
    expect(await itemCount()).toBe(before);
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=50', { as: signed('admin') })).json(),
    );
    const refusals = log.results.filter((e) => e.action === 'shopping.refused').map((e) => (e.detail as { field?: string }).field);
    expect(refusals).toEqual(expect.arrayContaining(['title', 'description', 'merchant', 'link', 'image.alt']));
  });

  it('refuses the same on a save, and keeps the item as it was', async () => {
    const item = await create(shoppingDraftBody('Intact'));
    const response = await request('PUT', `/api/admin/shopping/${item.id}`, {
      as: signed('editor'),
      body: { ...shoppingDraftBody('Intact'), link: 'javascript:alert(document.cookie)', version: item.version },
    });
    expect(await errorOf(response, 400)).toMatch(/javascript/);
    const [row] = await api.database().db.select().from(shoppingItems).where(eq(shoppingItems.id, item.id));
    expect(row).toMatchObject({ version: 1, link: 'https://www.monoprix.fr/produit/sac-cabas' });
  });

  it('reordering needs the CSRF token (403)', async () => {
    const item = await create(shoppingDraftBody('Gardé'));
    const noToken = { as: { ...signed('editor'), csrf: '' }, body: { ids: [item.id] } };
    await errorOf(await request('PUT', '/api/admin/shopping/order', noToken), 403);
  });

  describe('the order', () => {
    it('an editor reorders the whole selection: readers get the new order, the pages are purged', async () => {
      const added = await create(shoppingDraftBody('En tête bientôt'));
      await status(added.id, added.version, 'publish');
      const ids = (await adminList()).results.map((i) => i.id);
      // A new item lands first (issue 39, point 9), the one just added before it too.
      expect(ids[0]).toBe(added.id);
      const newer = await create(shoppingDraftBody('Plus récent encore'));
      expect((await adminList()).results.map((i) => i.id).slice(0, 2)).toEqual([newer.id, added.id]);
      ids.unshift(newer.id);
      const order = [...ids.filter((id) => id !== added.id).reverse(), added.id];
      const changesBefore = api.changes();
      const response = await request('PUT', '/api/admin/shopping/order', { as: signed('editor'), body: { ids: order } });
      expect(response.status, await response.clone().text()).toBe(200);
      const answered = contract.ReorderAdminShoppingItemsResponse.parse(await response.json());
      expect(answered.results.map((i) => i.id)).toEqual(order);
      expect(answered.results.map((i) => i.position)).toEqual(order.map((_, i) => i + 1));
      expect(api.changes()).toBe(changesBefore + 1);
      const published = new Set(answered.results.filter((i) => i.status === 'published').map((i) => i.id));
      expect((await readerItems()).map((i) => i.id)).toEqual(order.filter((id) => published.has(id)));
      // The order is not an edit: a save in progress keeps its version.
      expect(answered.results.find((i) => i.id === added.id)?.version).toBe(2);
    });

    it('a stale or wrong list is refused in French and changes nothing; authors and contributors may not reorder', async () => {
      const before = (await adminList()).results.map((i) => [i.id, i.position]);
      const ids = before.map(([id]) => id as number);
      expect(
        await errorOf(await request('PUT', '/api/admin/shopping/order', { as: signed('editor'), body: { ids: ids.slice(1) } }), 409),
      ).toMatch(/rechargez/);
      expect(
        await errorOf(await request('PUT', '/api/admin/shopping/order', { as: signed('editor'), body: { ids: [...ids, 999999] } }), 409),
      ).toMatch(/a changé/);
      expect(
        await errorOf(
          await request('PUT', '/api/admin/shopping/order', { as: signed('editor'), body: { ids: [ids[0], ...ids.slice(0, -1)] } }),
          400,
        ),
      ).toMatch(/une fois/);
      await errorOf(await request('PUT', '/api/admin/shopping/order', { as: signed('editor'), body: { ids: ['un'] } }), 400);
      expect(await errorOf(await request('PUT', '/api/admin/shopping/order', { as: signed('author'), body: { ids } }), 403)).toBe(
        'Votre rôle (auteur) ne permet pas de réordonner la sélection shopping.',
      );
      await errorOf(await request('PUT', '/api/admin/shopping/order', { as: signed('contributor'), body: { ids } }), 403);
      expect((await adminList()).results.map((i) => [i.id, i.position])).toEqual(before);
    });
  });

  it('a scheduled item shows once the scheduler has published it', async () => {
    const draft = await create(shoppingDraftBody('Programmé'));
    const at = new Date(api.clock.now().getTime() + 3600_000);
    const scheduled = await status(draft.id, draft.version, 'schedule', { scheduledAt: at.toISOString() });
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
    expect((await readerItems()).some((i) => i.id === draft.id)).toBe(false);
    expect(await publishDueShoppingItems(api.database().db, new Date(at.getTime() - 1000))).toEqual([]);
    const changesBefore = api.changes();
    const run = await request('POST', '/api/admin/scheduler/run', { as: signed('editor'), body: { advanceSeconds: 3601 } });
    expect(run.status).toBe(200);
    contract.RunSchedulerResponse.parse(await run.json());
    expect(api.changes()).toBe(changesBefore + 1);
    const [row] = await api.database().db.select().from(shoppingItems).where(eq(shoppingItems.id, draft.id));
    expect(row).toMatchObject({ status: 'published', scheduledAt: null, publishedAt: at });
    expect((await readerItems()).some((i) => i.id === draft.id)).toBe(true);
  });

  it('revisions: each version with readable changes (the price in euros), and a restore as a new version', async () => {
    const body = shoppingDraftBody('Avec versions');
    const item = await create(body);
    const saved = await save(item.id, {
      ...body,
      priceCents: 12990,
      merchant: 'La Redoute',
      image: { ...body.image, alt: 'Le sac, de face' },
      version: 1,
    });
    const listed = await request('GET', `/api/admin/shopping/${item.id}/revisions`, { as: signed('editor') });
    const revisions = contract.ListShoppingItemRevisionsResponse.parse(await listed.json()).results;
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    expect(revisions[0]?.title).toBe('Avec versions');
    expect(revisions[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'Marchand', before: 'Monoprix', after: 'La Redoute' },
        { field: "Texte alternatif de l'image", before: 'Un sac cabas en toile', after: 'Le sac, de face' },
        { field: 'Prix', before: '49,90 €', after: '129,90 €' },
      ]),
    );
    const first = revisions[1]?.id ?? 0;
    const stale = await request('POST', `/api/admin/shopping/${item.id}/revisions/${first}/restore`, {
      as: signed('editor'),
      body: { version: 1 },
    });
    expect(stale.status).toBe(409);
    const restored = await request('POST', `/api/admin/shopping/${item.id}/revisions/${first}/restore`, {
      as: signed('editor'),
      body: { version: saved.version },
    });
    expect(restored.status).toBe(200);
    const back = contract.RestoreShoppingItemRevisionResponse.parse(await restored.json());
    expect(back).toMatchObject({ version: 3, priceCents: 4990, merchant: 'Monoprix', image: { alt: 'Un sac cabas en toile' } });
    await errorOf(
      await request('POST', `/api/admin/shopping/${item.id}/revisions/999999/restore`, { as: signed('editor'), body: { version: 3 } }),
      404,
    );
    const log = contract.ListAuditLogResponse.parse(
      await (await request('GET', '/api/admin/audit?limit=5', { as: signed('admin') })).json(),
    );
    expect(log.results.map((e) => e.action)).toContain('shopping.restore');
  });
});
