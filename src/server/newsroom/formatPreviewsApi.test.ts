/**
 * Signed preview links of the formats whose readers' copy is their own row (issue 19): generators,
 * quotations, shopping items, Instagram posts, mosaics and contests, through the workflow's one preview
 * (workflow/previewLinks.ts). On PGlite and PostgreSQL: a draft's link opens its working copy in the public
 * page's shape (parsed with the contract), never cached; another format's token, an article's, a forged or
 * an expired one open nothing; hostile tokens get a 400; the link is audited. Who may ask for a link is in
 * adminAuthorization.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../../api/generated/zod.ts';
import { auditLog } from '../../db/schema.ts';
import { generatorDraftBody } from '../../testing/generatorFixtures.ts';
import { instagramDraftBody } from '../../testing/instagramFixtures.ts';
import { contestDraftBody, mosaicDraftBody } from '../../testing/mosaicContestFixtures.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { shoppingDraftBody } from '../../testing/shoppingFixtures.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { loadNewsroomSecret, previewToken } from './previewTokens.ts';

interface PreviewCase {
  name: string;
  /** The admin collection, the preview's API segment and page, the audit entity (= the token's purpose). */
  admin: string;
  api: string;
  page: string;
  entity: string;
  body: (label: string) => unknown;
  reader: z.ZodType<{ id: number }>;
  /** What the preview must show of the draft (the label it was made with). */
  shows: (label: string) => Record<string, unknown>;
}

const cases: PreviewCase[] = [
  {
    name: 'a repartee generator',
    admin: 'generators',
    api: 'generateur',
    page: 'apercu-generateur',
    entity: 'generator',
    body: (label) => generatorDraftBody(label),
    reader: contract.GetGeneratorPreviewResponse,
    shows: (label) => ({ title: label, replies: [{ text: 'Première réplique.' }, { text: 'Deuxième réplique.' }] }),
  },
  {
    name: 'a quotation',
    admin: 'quotations',
    api: 'citation',
    page: 'apercu-citation',
    entity: 'quotation',
    body: (label) => ({ text: label, author: 'Une autrice' }),
    reader: contract.GetQuotationPreviewResponse,
    shows: (label) => ({ text: label, author: 'Une autrice' }),
  },
  {
    name: 'a shopping item',
    admin: 'shopping',
    api: 'shopping',
    page: 'apercu-shopping',
    entity: 'shopping',
    body: (label) => shoppingDraftBody(label),
    reader: contract.GetShoppingItemPreviewResponse,
    shows: (label) => ({ title: label }),
  },
  {
    name: 'an Instagram post',
    admin: 'instagram',
    api: 'instagram',
    page: 'apercu-instagram',
    entity: 'instagram',
    body: (label) => instagramDraftBody(label),
    reader: contract.GetInstagramPostPreviewResponse,
    shows: (label) => ({ caption: label }),
  },
  {
    name: 'a mosaic',
    admin: 'mosaics',
    api: 'mosaique',
    page: 'apercu-mosaique',
    entity: 'mosaic',
    body: (label) => mosaicDraftBody(label),
    reader: contract.GetMosaicPreviewResponse,
    shows: (label) => ({ title: label }),
  },
  {
    name: 'a contest',
    admin: 'contests',
    api: 'concours',
    page: 'apercu-concours',
    entity: 'contest',
    body: (label) => contestDraftBody(label),
    reader: contract.GetContestPreviewResponse,
    shows: (label) => ({ title: label, status: 'open' }),
  },
];

describe.each(testDatabaseKinds)('preview links of every format on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;
  let unique = 0;

  async function draftOf(c: PreviewCase, label: string): Promise<{ id: number }> {
    const response = await request('POST', `/api/admin/${c.admin}`, { as: signed('contributor'), body: c.body(label) });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number };
  }

  async function linkOf(c: PreviewCase, id: number): Promise<string> {
    const response = await request('POST', `/api/admin/${c.admin}/${id}/preview-link`, { as: signed('contributor') });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const { url } = contract.CreateGeneratorPreviewLinkResponse.parse(await response.json());
    expect(url).toMatch(new RegExp(`^/${c.page}/\\d+\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    return url.split('/').pop() as string;
  }

  async function errorOf(response: Response, code: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(code);
    const body = contract.ErrorResponse.parse(await response.json());
    expect(body.message).toMatch(/[a-zé]/);
    return body.message;
  }

  describe.each(cases)('$name', (c) => {
    it('a draft’s link shows its working copy as the public page reads it, never cached, and is audited', async () => {
      const label = `En aperçu ${c.entity} ${++unique}`;
      const draft = await draftOf(c, label);
      const token = await linkOf(c, draft.id);
      const preview = await request('GET', `/api/preview/${c.api}/${token}`);
      expect(preview.status, await preview.clone().text()).toBe(200);
      expect(preview.headers.get('cache-control')).toContain('no-store');
      expect(c.reader.parse(await preview.json())).toMatchObject({ id: draft.id, ...c.shows(label) });
      const audited = await api
        .database()
        .db.select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, c.entity), eq(auditLog.entityId, draft.id)));
      expect(audited.map((a) => a.action)).toContain(`${c.entity}.preview-link`);
    });

    it('the working copy, not the published one: a saved change shows at once', async () => {
      const label = `Avant ${c.entity} ${++unique}`;
      const draft = await draftOf(c, label);
      const token = await linkOf(c, draft.id);
      const current = (await (await request('GET', `/api/admin/${c.admin}/${draft.id}`, { as: signed('contributor') })).json()) as {
        version: number;
      };
      const changed = `Après ${c.entity} ${unique}`;
      const save = await request('PUT', `/api/admin/${c.admin}/${draft.id}`, {
        as: signed('contributor'),
        body: { ...(c.body(changed) as object), version: current.version },
      });
      expect(save.status, await save.clone().text()).toBe(200);
      const preview = await request('GET', `/api/preview/${c.api}/${token}`);
      expect(c.reader.parse(await preview.json())).toMatchObject(c.shows(changed));
    });

    it('another format’s token, an article’s, a forged one or an unknown item open nothing; hostile tokens are refused', async () => {
      const draft = await draftOf(c, `Jetons ${c.entity} ${++unique}`);
      const token = await linkOf(c, draft.id);
      const secret = await loadNewsroomSecret(api.database().db, undefined);
      const inAnHour = new Date(api.clock.now().getTime() + 3_600_000);
      for (const other of [...cases.filter((o) => o !== c).map((o) => o.entity), 'quiz', 'popin', '']) {
        const foreign = previewToken(secret, draft.id, inAnHour, other);
        expect(await errorOf(await request('GET', `/api/preview/${c.api}/${foreign}`), 404)).toMatch(/aperçu/i);
      }
      // This format's token does not open another format's item, nor the article, of the same id.
      for (const other of cases.filter((o) => o !== c)) {
        await errorOf(await request('GET', `/api/preview/${other.api}/${token}`), 404);
      }
      await errorOf(await request('GET', `/api/preview/${token}`), 404);
      await errorOf(await request('GET', `/api/preview/${c.api}/${token.slice(0, -2)}xx`), 404);
      await errorOf(await request('GET', `/api/preview/${c.api}/${previewToken(secret, 999_999, inAnHour, c.entity)}`), 404);
      for (const hostile of ['x', `${'a'.repeat(201)}`, '%3Cscript%3E', '1.2.3%27%20OR%201%3D1']) {
        await errorOf(await request('GET', `/api/preview/${c.api}/${hostile}`), 400);
      }
      // A link for an item that does not exist, or with an id that is not one.
      await errorOf(await request('POST', `/api/admin/${c.admin}/999999/preview-link`, { as: signed('editor') }), 404);
      await errorOf(await request('POST', `/api/admin/${c.admin}/abc/preview-link`, { as: signed('editor') }), 400);
      // Without a session, no link; without the CSRF token, none either.
      await errorOf(await request('POST', `/api/admin/${c.admin}/${draft.id}/preview-link`), 401);
      const editor = signed('editor');
      await errorOf(await request('POST', `/api/admin/${c.admin}/${draft.id}/preview-link`, { as: { ...editor, csrf: 'forged' } }), 403);
    });
  });

  it('every format’s link expires with the newsroom’s preview delay', async () => {
    const tokens = [];
    for (const c of cases) tokens.push({ c, token: await linkOf(c, (await draftOf(c, `Expire ${c.entity} ${++unique}`)).id) });
    api.clock.advance(25 * 3600);
    for (const { c, token } of tokens) await errorOf(await request('GET', `/api/preview/${c.api}/${token}`), 404);
  });
});
