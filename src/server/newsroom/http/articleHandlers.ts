/** Articles through the editorial workflow: list, write, save, publish or schedule, revisions, the scheduler. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson, json } from '../../http/responses.ts';
import type { Database } from '../../../db/client.ts';
import { findRow, listAdminArticles, sourceOfArticle, toAdminArticle } from '../articles/articleQueries.ts';
import { withArticleCacheTags } from '../articles/articleCacheTags.ts';
import { articleWorkflow, runScheduler } from '../articles/articleWorkflow.ts';
import { articlePublishWarnings, publishBlockedMessage } from '../articles/publishWarnings.ts';
import { publishDueOtherFormats } from '../scheduler.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import {
  answer,
  articleIdOf,
  editors,
  forbidden,
  type NewsroomDeps,
  newsroomMessages,
  noStore,
  publicWrite,
  readBody,
  readsEverything,
  staffOnly,
  type Touched,
} from './newsroomHttp.ts';
import type { NewsroomResult } from '../newsroomResult.ts';

/** An article's write touched its tags before and after (articleCacheTags.ts) when readers see the change. */
const articleTouched = ({ outcome, tags }: { outcome: NewsroomResult<{ publicChange: boolean }>; tags: string[] }): Touched =>
  outcome.ok && outcome.value.publicChange ? tags : false;

/**
 * An article copied from the CMS in front of which Piquante runs (CONTENT_SOURCE, issue 35) is written there: an
 * edit here would be overwritten by the next sync, so it is refused with the conflict answer, naming where to edit.
 */
async function sourceLocked(db: Database, id: number): Promise<Response | null> {
  const source = await sourceOfArticle(db, id);
  if (!source) return null;
  const label = source.kind === 'ghost' ? 'Ghost' : 'WordPress';
  return json(
    {
      error: 'conflict',
      message: `Cet article vient de ${label} : modifiez-le dans ${label}, le magazine suit ses changements en quelques instants.`,
      currentVersion: source.version,
      changedBy: label,
      changedAt: source.updatedAt.toISOString(),
    },
    { status: 409, ...noStore },
  );
}

export function articleHandlers(deps: NewsroomDeps) {
  const { clock } = deps;
  const notFound = newsroomMessages.article;
  return {
    listAdminArticles: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminArticlesQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const q = query.value;
      const page = await listAdminArticles(ctx.db, {
        q: q.q,
        status: q.status,
        categorySlug: q.category,
        authorSlug: q.author,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: q.limit ?? appConfig.newsroom.pageSize,
        offset: q.offset ?? 0,
        sourceEditUrl: deps.sourceEditUrl,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminArticle: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminArticleBody);
      if (!input.ok) return input.response;
      const result = await articleWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return answer(result, { member: session.member, what: "d'écrire", notFound, ok: (article) => ctx.reply(201, article, noStore) });
    }),
    getAdminArticle: staffOnly(deps, null, '', async (ctx, session) => {
      const id = articleIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminArticle(ctx.db, row), noStore);
    }),
    updateAdminArticle: staffOnly(deps, null, '', async (ctx, session) => {
      const id = articleIdOf(ctx);
      if (!id.ok) return id.response;
      const locked = await sourceLocked(ctx.db, id.value.id);
      if (locked) return locked;
      const input = await readBody(ctx, contract.UpdateAdminArticleBody);
      if (!input.ok) return input.response;
      const { outcome: result } = await publicWrite(
        deps,
        ctx.db,
        (tx) =>
          withArticleCacheTags(tx, id.value.id, () => articleWorkflow.save(tx, session.member, id.value.id, input.value, clock.now())),
        articleTouched,
      );
      return answer(result, {
        member: session.member,
        what: 'de modifier cet article',
        notFound,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminArticleStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = articleIdOf(ctx);
      if (!id.ok) return id.response;
      const locked = await sourceLocked(ctx.db, id.value.id);
      if (locked) return locked;
      const input = await readBody(ctx, contract.ChangeAdminArticleStatusBody);
      if (!input.ok) return input.response;
      if (deps.config.publishWarningsBlock && (input.value.action === 'publish' || input.value.action === 'schedule')) {
        // The version the editor sends is the one checked: a save in between makes the change a 409, never a
        // publication of content these warnings did not see.
        const row = await findRow(ctx.db, id.value.id);
        const warnings = row && row.version === input.value.version ? await articlePublishWarnings(ctx.db, row) : [];
        if (warnings.length > 0) {
          return json({ error: 'publish_warnings', message: publishBlockedMessage(warnings), warnings }, { status: 422, ...noStore });
        }
      }
      const { outcome: result } = await publicWrite(
        deps,
        ctx.db,
        (tx) =>
          withArticleCacheTags(tx, id.value.id, () =>
            articleWorkflow.changeStatus(tx, session.member, id.value.id, input.value, clock.now()),
          ),
        articleTouched,
      );
      const what = input.value.action === 'draft' ? 'de modifier cet article' : 'de publier, programmer ou dépublier cet article';
      return answer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listArticleRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = articleIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await articleWorkflow.listRevisions(ctx.db, id.value.id, session.member) }, noStore);
    }),
    restoreArticleRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreArticleRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const locked = await sourceLocked(ctx.db, params.value.id);
      if (locked) return locked;
      const input = await readBody(ctx, contract.RestoreArticleRevisionBody);
      if (!input.ok) return input.response;
      const { outcome: result } = await publicWrite(
        deps,
        ctx.db,
        (tx) =>
          withArticleCacheTags(tx, params.value.id, () =>
            articleWorkflow.restore(tx, session.member, params.value.id, params.value.revisionId, input.value.version, clock.now()),
          ),
        articleTouched,
      );
      return answer(result, {
        member: session.member,
        what: 'de modifier cet article',
        notFound: newsroomMessages.revision,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    runScheduler: staffOnly(deps, editors, 'de lancer le programmateur', async (ctx, session) => {
      const hasBody = ctx.request.headers.get('content-length') !== '0' && ctx.request.body !== null;
      let advance = 0;
      if (hasBody) {
        const input = await readBody(ctx, contract.RunSchedulerBody);
        if (!input.ok) return input.response;
        advance = input.value.advanceSeconds ?? 0;
      }
      if (advance > 0) {
        if (!deps.testClock) return errorJson(400, newsroomMessages.testClockOff, { advanceSeconds: newsroomMessages.testClockOff });
        clock.advance(advance);
      }
      const now = clock.now();
      // The other formats' scheduled items ride the same pass; the answer lists the articles (its contract's ids).
      const { published } = await publicWrite(
        deps,
        ctx.db,
        async (tx) => ({ published: await runScheduler(tx, session.member, now, advance), others: await publishDueOtherFormats(tx, now) }),
        ({ published, others }) => (published.length > 0 || others.length > 0 ? 'all' : false),
      );
      return ctx.reply(200, { published, now: now.toISOString() }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
