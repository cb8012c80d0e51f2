/**
 * Heads built by their route's split chunk (issue 38): the head() of a page readers seldom land on (quiz, live
 * blog, author…) and the JSON-LD it builds were in the entry every page downloads, because TanStack Router does
 * not split `head`. The route declares `head: chunkHead(id)`; its component, declared with `withChunkHead`, goes
 * with the loader into the route's split chunk and registers the builder when that chunk runs. The router loads
 * that chunk before it computes the head: on hydration it loads the matched routes' components first
 * (router-core's `hydrate`), on a navigation or a preload the loader comes from it. The server has every module.
 * Same head, same data: nothing travels twice in the HTML.
 */
import type { AnyRouteMatch } from '@tanstack/react-router';

type Meta = NonNullable<NonNullable<AnyRouteMatch['meta']>[number]>;
type Link = NonNullable<NonNullable<AnyRouteMatch['links']>[number]>;
type Script = NonNullable<NonNullable<AnyRouteMatch['headScripts']>[number]>;

export interface ChunkHeadContext<Data, Search = unknown> {
  loaderData?: Data;
  matches: readonly { loaderData?: unknown }[];
  match: { search: Search };
}

export interface ChunkHeadResult {
  meta?: Meta[];
  links?: Link[];
  scripts?: Script[];
}

type Builder = (context: ChunkHeadContext<unknown>) => ChunkHeadResult;

const builders = new Map<string, Builder>();

/** The component of `routeId`, registering the head that route's `chunkHead` returns. */
export function withChunkHead<Data, Search, Component>(
  routeId: string,
  build: (context: ChunkHeadContext<Data, Search>) => ChunkHeadResult,
  component: Component,
): Component {
  builders.set(routeId, build as Builder);
  return component;
}

/** The route's head(): the registered builder's, or none while its chunk has not run (it failed to load). */
export function chunkHead(routeId: string): (context: ChunkHeadContext<unknown>) => ChunkHeadResult {
  return (context) => builders.get(routeId)?.(context) ?? {};
}
