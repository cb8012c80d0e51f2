/** What every API route is made of, shared by the content and newsletter route tables. */
import type { Database } from '../../db/client.ts';
import type { RouteParams } from './router.ts';

export interface ApiContext {
  db: Database;
  request: Request;
  url: URL;
  params: RouteParams;
}

export type ApiHandler = (ctx: ApiContext) => Promise<Response>;

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Exact segments and `:name` captures (see PathRouter). */
  path: string;
  handle: ApiHandler;
  /**
   * POSTs from other sites are accepted (RFC 8058 one-click unsubscribe, posted by mail clients). By
   * default a state-changing request with a foreign Origin is refused.
   */
  crossOrigin?: boolean;
}
