/** A tiny path router for the content service: exact segments and `:name` captures. */
export type RouteParams = Record<string, string>;

export interface RouteMatch<T> {
  value: T;
  params: RouteParams;
}

interface CompiledRoute<T> {
  method: string;
  segments: { literal: string; capture: string | null }[];
  value: T;
}

export class PathRouter<T> {
  private readonly routes: CompiledRoute<T>[] = [];

  add(method: string, pattern: string, value: T): this {
    const segments = pattern
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        // 'inscriptionajaxlight-:origin' captures what follows the literal prefix.
        const at = segment.indexOf(':');
        return at === -1
          ? { literal: segment, capture: null }
          : { literal: segment.slice(0, at), capture: segment.slice(at + 1) };
      });
    this.routes.push({ method, segments, value });
    return this;
  }

  /** `null`: no such path; `'method'`: the path exists for another method. */
  match(method: string, pathname: string): RouteMatch<T> | null | 'method' {
    let parts: string[];
    try {
      parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return null; // Malformed percent-encoding: no route can match it.
    }
    let pathMatched = false;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: RouteParams = {};
      const ok = route.segments.every((segment, i) => {
        const part = parts[i] as string;
        if (segment.capture === null) return part === segment.literal;
        if (!part.startsWith(segment.literal) || part.length === segment.literal.length) return false;
        params[segment.capture] = part.slice(segment.literal.length);
        return true;
      });
      if (!ok) continue;
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) {
        pathMatched = true;
        continue;
      }
      return { value: route.value, params };
    }
    return pathMatched ? 'method' : null;
  }
}
