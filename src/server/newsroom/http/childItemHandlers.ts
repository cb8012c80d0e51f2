/**
 * The HTTP side of a format's child items (its declaration's `children`, e.g. a live blog's entries), once for
 * any format: post, correct, delete, pin, publish — behind a session and its CSRF token, the roles checked by
 * childItems.ts, refusals in French from the items' noun. Keyed by the declaration's operation ids like the
 * editorial handlers, so where they join the API's table the compiler checks each body against the contract.
 */
import type { z } from 'zod';
import type { ChildDeclaration, ChildOperations } from '../../../formats/formatDeclaration.ts';
import { notFound as notFoundOf, thisItem } from '../../../formats/formatWords.ts';
import { parseParams } from '../../http/parseParams.ts';
import type { Database } from '../../../db/client.ts';
import type { ChildAction, ChildInput, ChildItems } from '../workflow/childItems.ts';
import { childSchemas } from '../workflow/contractSchemas.ts';
import type { ReplyContext, StepHandler } from './editorialHandlers.ts';
import { answer, type NewsroomDeps, noContent, noStore, publicWrite, readBody, staffGuard, whenPublic } from './newsroomHttp.ts';

type Ctx = { db: Database; request: Request; params: Record<string, string> };

/** Each change's handler, by its name in ChildOperations (a deletion answers 204, with no body). */
interface ChildSteps<View> {
  create: StepHandler<201, View>;
  correct: StepHandler<200, View>;
  delete: (ctx: Ctx) => Promise<Response>;
  pin: StepHandler<200, View>;
  publish: StepHandler<200, View>;
}

type ChildHandlerTable<Ops extends ChildOperations, View> = {
  [Step in keyof Ops & keyof ChildSteps<View> as Ops[Step] & string]: ChildSteps<View>[Step];
};

export function childItemHandlers<const Ops extends ChildOperations, Input extends ChildInput, View>(
  deps: NewsroomDeps,
  declaration: ChildDeclaration & { operations: Ops },
  items: ChildItems<Input, View>,
): ChildHandlerTable<Ops, View> {
  const { clock } = deps;
  const schemas = childSchemas(declaration.operations);
  // The contract's item input is the format's (checked again, field by field, by the format's own check).
  const input = { create: schemas.create as z.ZodType<Input>, correct: schemas.correct as z.ZodType<Input> };
  const what = `de modifier ${thisItem(declaration.noun)}`;
  const notFound = notFoundOf(declaration.noun);

  /** One change of one item: its parameters, its body when it has one, then the store's answer. */
  const change = <C extends Ctx, B>(
    body: z.ZodType<B> | null,
    act: (input: B) => ChildAction<Input>,
    reply: (ctx: C, entry: View) => Response,
  ) =>
    staffGuard(deps, null, '', async (ctx: C, { member }) => {
      const p = parseParams(schemas.item, ctx.params, ['id', 'entryId']);
      if (!p.ok) return p.response;
      const sent = body ? await readBody(ctx, body) : { ok: true as const, value: null as B };
      if (!sent.ok) return sent.response;
      const result = await publicWrite(
        deps,
        ctx.db,
        (tx) => items.change(tx, member, p.value.id, p.value.entryId, act(sent.value), clock.now()),
        whenPublic,
      );
      return answer(result, { member, what, notFound, ok: ({ entry }) => reply(ctx, entry) });
    });
  const ok = (ctx: ReplyContext<200, View>, entry: View) => ctx.reply(200, entry, noStore);

  const steps: ChildSteps<View> = {
    create: staffGuard(deps, null, '', async (ctx: ReplyContext<201, View>, { member }) => {
      const p = parseParams(schemas.parent, ctx.params, ['id']);
      if (!p.ok) return p.response;
      const sent = await readBody(ctx, input.create);
      if (!sent.ok) return sent.response;
      const result = await publicWrite(deps, ctx.db, (tx) => items.post(tx, member, p.value.id, sent.value, clock.now()), whenPublic);
      return answer(result, { member, what, notFound, ok: ({ entry }) => ctx.reply(201, entry, noStore) });
    }),
    correct: change(input.correct, (value) => ({ kind: 'correct', input: value }), ok),
    delete: change<Ctx, null>(null, () => ({ kind: 'delete' }), noContent),
    pin: change(schemas.pin, ({ pinned }) => ({ kind: 'pin', pinned }), ok),
    publish: change<ReplyContext<200, View>, null>(null, () => ({ kind: 'publish' }), ok),
  };
  const table: Record<string, unknown> = {};
  for (const step of Object.keys(steps) as (keyof ChildOperations)[]) table[declaration.operations[step]] = steps[step];
  return table as ChildHandlerTable<Ops, View>;
}
