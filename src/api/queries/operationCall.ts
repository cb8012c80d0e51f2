/**
 * Any operation of the contract by its id: method and path from the generated operation table, bodies and
 * answers typed by the generated `operations`, the client's answer as it comes (data, error, response). The
 * newsroom's calls (newsroomFormatCalls.ts) and readers' pages build on it: a format needs no calls file.
 */
import { api } from '../client.ts';
import { apiOperations } from '../generated/operations.ts';
import type { operations } from '../generated/schema';

export type Op = keyof operations & keyof typeof apiOperations;
type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type Answered<R> = R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : undefined;
export type Answer<O extends Op> = Answered<operations[O]['responses']>;
export type Body<O extends Op> = operations[O] extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
export type ClientAnswer<T> = { data?: T; error?: unknown; response: Response };
type Call = (path: string, init: object) => Promise<ClientAnswer<unknown>>;

export async function sendOperation<O extends Op>(
  op: O,
  path: Record<string, string | number>,
  init: { query?: object; body?: Body<O>; headers?: HeadersInit } = {},
): Promise<ClientAnswer<Answer<O>>> {
  const { method, path: template } = apiOperations[op];
  // The generated table writes `:id`; openapi-fetch's paths are the contract's `{id}`.
  const send = ((await api()) as unknown as Record<string, Call>)[method] as Call;
  const { query, body, headers } = init;
  return (await send(template.replace(/:(\w+)/g, '{$1}'), { params: { path, query }, body, headers })) as ClientAnswer<Answer<O>>;
}
