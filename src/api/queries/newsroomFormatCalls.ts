/**
 * The editorial calls of any declared format (list, get, create, save, status, revisions, restore), made from
 * its declaration's operation ids: method and path from the generated operation table, bodies and answers
 * typed by the generated `operations`. A new format's editor needs no calls file of its own for these.
 */
import { apiOperations } from '../generated/operations.ts';
import { type Answer, type Body, type Op, sendOperation } from './operationCall.ts';
import { type Revision, unwrap, writeHeaders } from './newsroom.ts';

/** Any newsroom operation by its id (a format's own, e.g. a live blog's end): path parameters, query, body. */
export async function callOperation<O extends Op>(
  op: O,
  path: Record<string, number>,
  init: { query?: object; body?: Body<O> } = {},
): Promise<Answer<O>> {
  const headers = apiOperations[op].method === 'GET' ? undefined : writeHeaders();
  const answer = await sendOperation(op, path, { ...init, headers });
  return (answer.response.status === 204 ? undefined : unwrap(answer)) as Answer<O>;
}

export function formatCalls<const Ops extends { [K in 'list' | 'get' | 'create' | 'update' | 'status' | 'revisions' | 'restore']: Op }>(
  ops: Ops,
) {
  return {
    list: (offset = 0) => callOperation<Ops['list']>(ops.list, {}, { query: { offset, limit: 100 } }),
    get: (id: number) => callOperation<Ops['get']>(ops.get, { id }),
    create: (body: Body<Ops['create']>) => callOperation<Ops['create']>(ops.create, {}, { body }),
    save: (id: number, body: Body<Ops['update']>) => callOperation<Ops['update']>(ops.update, { id }, { body }),
    changeStatus: (id: number, body: Body<Ops['status']>) => callOperation<Ops['status']>(ops.status, { id }, { body }),
    revisions: async (id: number) => ((await callOperation<Ops['revisions']>(ops.revisions, { id })) as { results: Revision[] }).results,
    restore: (id: number, revisionId: number, version: number) =>
      callOperation<Ops['restore']>(ops.restore, { id, revisionId }, { body: { version } as Body<Ops['restore']> }),
  };
}
