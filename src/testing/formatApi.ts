/**
 * A newsroom format's editorial calls in API tests, from its declaration (src/formats): the paths from its
 * `apiPath`, the contract's schemas found by its operation ids (as the server finds them), every answer's
 * status asserted and its body parsed with the contract. What each format's `*Api.test.ts` used to copy.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import * as contract from '../api/generated/zod.ts';
import type { FormatOperations } from '../formats/formatDeclaration.ts';
import type { NewsroomApi, Signed } from './newsroomApi.ts';

type Contract = typeof contract;
type Named<K extends string> = K extends keyof Contract ? Contract[K] : never;
/** The contract's `<Operation>Response` / `<Operation>Body`, parsed or as sent. */
type Answer<O extends string> = z.output<Named<`${Capitalize<O>}Response`>>;
type Sent<O extends string> = z.input<Named<`${Capitalize<O>}Body`>>;

const schemas: Record<string, unknown> = contract;

/** The contract's schema of `operation`'s answer, found by its name. */
export function answerOf(operation: string): z.ZodType {
  const name = `${operation.charAt(0).toUpperCase()}${operation.slice(1)}Response`;
  const schema = schemas[name];
  if (!schema) throw new Error(`the contract has no schema ${name}`);
  return schema as z.ZodType;
}

export function formatCalls<const Ops extends FormatOperations>(api: NewsroomApi, declaration: { apiPath: string; operations: Ops }) {
  const { request, signed } = api;
  const { apiPath, operations } = declaration;
  /** The answer, once its status is the expected one (the body is shown when it is not). */
  async function parsed<O extends string>(operation: O, response: Response, code: number): Promise<Answer<O>> {
    expect(response.status, await response.clone().text()).toBe(code);
    return answerOf(operation).parse(await response.json()) as Answer<O>;
  }
  return {
    /** A refusal's French message, once its status is `code` and its body the contract's error. */
    async errorOf(response: Response, code: number): Promise<string> {
      expect(response.status, await response.clone().text()).toBe(code);
      const body = contract.ErrorResponse.parse(await response.json());
      expect(body.message.length).toBeGreaterThan(10);
      return body.message;
    },
    async create(body: Sent<Ops['create']>, as: Signed = signed('editor')) {
      return parsed<Ops['create']>(operations.create, await request('POST', apiPath, { as, body }), 201);
    },
    async save(id: number, body: Sent<Ops['update']>, as: Signed = signed('editor')) {
      return parsed<Ops['update']>(operations.update, await request('PUT', `${apiPath}/${id}`, { as, body }), 200);
    },
    async status(id: number, version: number, action: string, extra: Record<string, unknown> = {}, as: Signed = signed('editor')) {
      const body = { action, version, ...extra };
      return parsed<Ops['status']>(operations.status, await request('POST', `${apiPath}/${id}/status`, { as, body }), 200);
    },
    /** The newsroom's list as `as` reads it, `query` its query string. */
    async adminList(as: Signed = signed('editor'), query = 'limit=100') {
      return parsed<Ops['list']>(operations.list, await request('GET', `${apiPath}?${query}`, { as }), 200);
    },
    async get(id: number, as: Signed = signed('editor')) {
      return parsed<Ops['get']>(operations.get, await request('GET', `${apiPath}/${id}`, { as }), 200);
    },
  };
}
