/**
 * An article copied from WordPress or Ghost (issue 35) is written in its CMS: the newsroom's API refuses to
 * save it, change its state or restore one of its versions (409 naming the source, nothing changed), on both
 * databases; the newsroom's own articles are untouched by the rule.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { newsroomArticles } from '../../db/schema.ts';
import { draftBody, useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { SYNC_DEFAULTS, sourceEditUrl } from '../config/contentSourceConfig.ts';

describe.each(testDatabaseKinds)('articles from a live source, read-only in the newsroom, on %s', (kind) => {
  const api = useNewsroomApi(kind);
  const { request, signed } = api;

  it('answers 409 naming WordPress to a save, a state change and a restore; nothing changes', async () => {
    const made = await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('Venu de WordPress') });
    expect(made.status, await made.clone().text()).toBe(201);
    const article = contract.AdminArticle.parse(await made.json());
    const own = await request('POST', '/api/admin/articles', { as: signed('editor'), body: draftBody('Écrit ici') });
    const ownArticle = contract.AdminArticle.parse(await own.json());
    await api
      .database()
      .db.update(newsroomArticles)
      .set({ sourceKind: 'wordpress', sourceId: '42', sourceUpdatedAt: new Date() })
      .where(eq(newsroomArticles.id, article.id));

    const attempts = [
      request('PUT', `/api/admin/articles/${article.id}`, {
        as: signed('editor'),
        body: { ...draftBody('Réécrit'), version: article.version },
      }),
      request('POST', `/api/admin/articles/${article.id}/status`, {
        as: signed('editor'),
        body: { action: 'publish', version: article.version },
      }),
      request('POST', `/api/admin/articles/${article.id}/revisions/1/restore`, {
        as: signed('editor'),
        body: { version: article.version },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(409);
      const body = contract.VersionConflict.parse(await response.json());
      expect(body.message).toBe(
        'Cet article vient de WordPress : modifiez-le dans WordPress, le magazine suit ses changements en quelques instants.',
      );
      expect(body.changedBy).toBe('WordPress');
    }
    const [after] = await api.database().db.select().from(newsroomArticles).where(eq(newsroomArticles.id, article.id));
    expect(after).toMatchObject({ title: 'Venu de WordPress', status: 'draft', version: article.version });

    // The newsroom's own article is saved as before.
    const saved = await request('PUT', `/api/admin/articles/${ownArticle.id}`, {
      as: signed('editor'),
      body: { ...draftBody('Écrit ici, revu'), version: ownArticle.version },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // Listed with its source (the link needs CONTENT_SOURCE: this API has none, so no link, still no edit).
    const list = contract.AdminArticleList.parse(await (await request('GET', '/api/admin/articles', { as: signed('editor') })).json());
    expect(list.results.find((row) => row.id === article.id)?.source).toBeNull();
    expect(list.results.find((row) => row.id === ownArticle.id)?.source).toBeUndefined();
    // Without CONTENT_SOURCE there is no sync to show.
    const state = await request('GET', '/api/admin/source-sync', { as: signed('contributor') });
    expect(state.status).toBe(200);
    expect(state.headers.get('cache-control')).toMatch(/no-store/);
    expect(contract.SourceSyncState.parse(await state.json())).toEqual({ source: null });
    expect((await request('GET', '/api/admin/source-sync')).status).toBe(401);
  });
});

describe('where a source article is edited', () => {
  it('links to WordPress’s or Ghost’s own admin', () => {
    expect(sourceEditUrl({ kind: 'wordpress', url: 'https://blog.fr', credentials: null, timing: SYNC_DEFAULTS }, '42')).toBe(
      'https://blog.fr/wp-admin/post.php?post=42&action=edit',
    );
    expect(sourceEditUrl({ kind: 'piquante' }, '42')).toBeNull();
  });
});
