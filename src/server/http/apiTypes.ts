/**
 * The API as one table of handlers keyed by the contract's operationId (src/api/generated/operations.ts),
 * typed from the generated `operations`: a handler receives its operation's path parameters, and answers
 * its success bodies through `ctx.reply`, whose body type is the contract's for that status.
 */
import type { operations } from '../../api/generated/schema.ts';
import type { OperationId } from '../../api/generated/operations.ts';
import type { Database } from '../../db/client.ts';
import type { CachePolicy } from './responses.ts';

export type { OperationId };

type PathParamsOf<O extends OperationId> = operations[O]['parameters'] extends { path: infer P }
  ? P extends Record<string, unknown>
    ? { [K in keyof P]: string }
    : Record<string, never>
  : Record<string, never>;

type Responses<O extends OperationId> = operations[O]['responses'];

/** The statuses below 300 the contract declares for `O`, with a JSON body. */
export type SuccessStatus<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 | 202
    ? Responses<O>[S] extends { content: { 'application/json': unknown } }
      ? S
      : never
    : never;
}[keyof Responses<O>];

/** The contract's JSON body of `O` answered with `S`. */
export type JsonBody<O extends OperationId, S extends keyof Responses<O>> = Responses<O>[S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

export interface ApiContext<O extends OperationId = OperationId> {
  db: Database;
  request: Request;
  url: URL;
  /** The raw (decoded) path parameters of the operation; handlers validate them with the generated zod schemas. */
  params: PathParamsOf<O>;
  /** A success answer whose body is checked against the contract at compile time. */
  reply<S extends SuccessStatus<O>>(status: S, body: JsonBody<O, S>, options?: { cache?: CachePolicy }): Response;
}

export type ApiHandler<O extends OperationId = OperationId> = (ctx: ApiContext<O>) => Promise<Response>;

export interface OperationHandler<O extends OperationId = OperationId> {
  handle: ApiHandler<O>;
  /**
   * POSTs from other sites are accepted (RFC 8058 one-click unsubscribe, posted by mail clients). By
   * default a state-changing request with a foreign Origin is refused.
   */
  crossOrigin?: boolean;
}

/** Every operation of the contract with its handler: the server cannot start with one missing. */
export type ApiHandlers = { [O in OperationId]: ApiHandler<O> | OperationHandler<O> };
/** What a domain contributes to the table (`satisfies ApiHandlerTable`: its keys must be operations). */
export type ApiHandlerTable = Partial<ApiHandlers>;
