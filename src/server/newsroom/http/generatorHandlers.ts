/** Repartee generators through the editorial workflow: list, write, save, publish or schedule, revisions. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiContext, ApiHandlerTable, OperationId } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { findGeneratorRow, listAdminGenerators, toAdminGenerator } from '../generators/generatorQueries.ts';
import { generatorWorkflow } from '../generators/generatorWorkflow.ts';
import { canRead } from '../workflow/editorialWorkflow.ts';
import { answerNaming } from './answerNaming.ts';
import { forbidden, type NewsroomDeps, noStore, readBody, readsEverything, staffOnly } from './newsroomHttp.ts';

const notFound = 'Ce générateur de répartie est introuvable.';
const revisionNotFound = 'Cette révision est introuvable.';

const generatorIdOf = <O extends OperationId>(ctx: ApiContext<O>) =>
  parseParams(contract.GetAdminGeneratorParams, ctx.params as Record<string, string>, ['id']);

/** Conflicts name a generator. */
const generatorAnswer = answerNaming('ce générateur');

export function generatorHandlers(deps: NewsroomDeps) {
  const { clock, changed } = deps;
  return {
    listAdminGenerators: staffOnly(deps, null, '', async (ctx, session) => {
      const query = parseParams(contract.ListAdminGeneratorsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const page = await listAdminGenerators(ctx.db, {
        status: query.value.status,
        readableBy: readsEverything(session.member) ? null : session.member.id,
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, page, noStore);
    }),
    createAdminGenerator: staffOnly(deps, null, '', async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateAdminGeneratorBody);
      if (!input.ok) return input.response;
      const result = await generatorWorkflow.create(ctx.db, session.member, input.value, clock.now());
      return generatorAnswer(result, {
        member: session.member,
        what: 'de créer un générateur de répartie',
        notFound,
        ok: (g) => ctx.reply(201, g, noStore),
      });
    }),
    getAdminGenerator: staffOnly(deps, null, '', async (ctx, session) => {
      const id = generatorIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findGeneratorRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire le brouillon de quelqu’un d’autre');
      return ctx.reply(200, await toAdminGenerator(ctx.db, row), noStore);
    }),
    updateAdminGenerator: staffOnly(deps, null, '', async (ctx, session) => {
      const id = generatorIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateAdminGeneratorBody);
      if (!input.ok) return input.response;
      const result = await generatorWorkflow.save(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      return generatorAnswer(result, {
        member: session.member,
        what: 'de modifier ce générateur',
        notFound,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
    changeAdminGeneratorStatus: staffOnly(deps, null, '', async (ctx, session) => {
      const id = generatorIdOf(ctx);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeAdminGeneratorStatusBody);
      if (!input.ok) return input.response;
      const result = await generatorWorkflow.changeStatus(ctx.db, session.member, id.value.id, input.value, clock.now());
      if (result.ok && result.value.publicChange) await changed();
      const what = input.value.action === 'draft' ? 'de modifier ce générateur' : 'de publier, programmer ou dépublier ce générateur';
      return generatorAnswer(result, { member: session.member, what, notFound, ok: (v) => ctx.reply(200, v.item, noStore) });
    }),
    listGeneratorRevisions: staffOnly(deps, null, '', async (ctx, session) => {
      const id = generatorIdOf(ctx);
      if (!id.ok) return id.response;
      const row = await findGeneratorRow(ctx.db, id.value.id);
      if (!row) return errorJson(404, notFound);
      if (!canRead(session.member, row)) return forbidden(session.member, 'de lire les versions du brouillon de quelqu’un d’autre');
      return ctx.reply(200, { results: await generatorWorkflow.listRevisions(ctx.db, id.value.id) }, noStore);
    }),
    restoreGeneratorRevision: staffOnly(deps, null, '', async (ctx, session) => {
      const params = parseParams(contract.RestoreGeneratorRevisionParams, ctx.params, ['id', 'revisionId']);
      if (!params.ok) return params.response;
      const input = await readBody(ctx, contract.RestoreGeneratorRevisionBody);
      if (!input.ok) return input.response;
      const result = await generatorWorkflow.restore(
        ctx.db,
        session.member,
        params.value.id,
        params.value.revisionId,
        input.value.version,
        clock.now(),
      );
      if (result.ok && result.value.publicChange) await changed();
      return generatorAnswer(result, {
        member: session.member,
        what: 'de modifier ce générateur',
        notFound: revisionNotFound,
        ok: (v) => ctx.reply(200, v.item, noStore),
      });
    }),
  } satisfies ApiHandlerTable;
}
