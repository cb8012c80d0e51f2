/**
 * app.config.ts in the browser build without its server-only sections (issue 38, decision 034). The file stays one
 * place where product people read every constant, but its object is bundled whole into every page: the bundler
 * cannot drop the properties nobody reads. This removes the sections only the server reads (redirects, caching,
 * database bounds, SEO feeds, push sending) from the browser's copy, and fails the build when a module of the
 * browser build reads one of them (`appConfig.pageCache`, `{ seo } = appConfig`…), so a section moved to the
 * browser's side is noticed at once, not as an `undefined` in a reader's page.
 */
import type { Plugin } from 'vite';

/** Top-level sections of appConfig that no browser code reads. */
export const SERVER_ONLY_SECTIONS = ['redirects', 'seo', 'push', 'database', 'apiCache', 'pageCache'] as const;

const CONFIG_FILE = /[\\/]app\.config\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The object literal of `export const appConfig = { … }` (as const or not) in the parsed program. */
function appConfigObject(program: Node): Node | null {
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if ((declarator.id as Node & { name?: string }).name !== 'appConfig') continue;
      let init = declarator.init as Node | null;
      while (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression')) init = init.expression as Node;
      return init?.type === 'ObjectExpression' ? init : null;
    }
  }
  return null;
}

/** `code` (app.config.ts, TypeScript stripped) without the given top-level sections of appConfig. */
export function withoutSections(code: string, program: Node, sections: readonly string[]): { code: string; removed: string[] } {
  const object = appConfigObject(program);
  if (!object) throw new Error('app.config.ts: `export const appConfig = { … }` not found');
  const removed: string[] = [];
  let out = '';
  let at = 0;
  for (const property of object.properties as Node[]) {
    const key = property.key as (Node & { name?: string; value?: string }) | undefined;
    const name = key?.name ?? key?.value;
    if (property.type !== 'Property' || !name || !sections.includes(name)) continue;
    // The property and the comma after it.
    const end = /^\s*,/.test(code.slice(property.end)) ? code.indexOf(',', property.end) + 1 : property.end;
    out += code.slice(at, property.start);
    at = end;
    removed.push(name);
  }
  return { code: out + code.slice(at), removed };
}

/** The server-only sections a module reads from appConfig (a rough reading of its source, on the safe side). */
export function serverOnlyReads(code: string, sections: readonly string[] = SERVER_ONLY_SECTIONS): string[] {
  if (!/\bappConfig\b/.test(code)) return [];
  const found = new Set<string>();
  for (const section of sections) {
    if (new RegExp(`\\bappConfig\\s*\\??\\.\\s*${section}\\b|\\bappConfig\\s*\\[\\s*['"\`]${section}['"\`]`).test(code)) found.add(section);
  }
  // Destructuring: `const { site, seo } = appConfig`.
  for (const match of code.matchAll(/\{([^{}]*)\}\s*=\s*appConfig\b/g)) {
    for (const section of sections) if (new RegExp(`(^|[\\s,])${section}\\b`).test(match[1] ?? '')) found.add(section);
  }
  return [...found];
}

export function browserAppConfigPlugin(): Plugin {
  let pruned = false;
  return {
    name: 'piquante:browser-app-config',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      if (CONFIG_FILE.test(file)) {
        const { code: out, removed } = withoutSections(code, this.parse(code) as unknown as Node, SERVER_ONLY_SECTIONS);
        const missing = SERVER_ONLY_SECTIONS.filter((section) => !removed.includes(section));
        if (missing.length > 0) this.error(`app.config.ts has no section ${missing.join(', ')}: update SERVER_ONLY_SECTIONS`);
        pruned = true;
        return { code: out, map: null };
      }
      if (file.includes('/node_modules/')) return null;
      const reads = serverOnlyReads(code);
      if (reads.length > 0) {
        this.error(
          `${file} reads appConfig.${reads.join(', appConfig.')}, which the browser build leaves out (scripts/build/browserAppConfig.ts)`,
        );
      }
      return null;
    },
    buildEnd() {
      if (!pruned) this.warn('app.config.ts was not in the browser build');
    },
  };
}
