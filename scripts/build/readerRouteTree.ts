/**
 * The readers' route tree (issue 38, decision 034): in the browser build, src/readerRouteTree.ts (which re-exports
 * the whole tree for the server, the tests and the type checker) is replaced by a tree without the staff's pages —
 * newsroom, previews, QA inspector (src/lib/staffPaths.ts) —, built by TanStack Router's own generator from the same
 * route files, as TanStack Start builds its browser tree without server-only routes. Their definitions (paths,
 * search validation, lazy stubs) and the names of their chunks no longer weigh on every reader's first page;
 * src/router.tsx loads the whole tree when a staff page opens. Build only: the dev server serves the whole tree.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import type { Plugin } from 'vite';
import { isStaffPath } from '../../src/lib/staffPaths.ts';

const READER_TREE_MODULE = 'src/readerRouteTree.ts';

/** What the generator's crawl returns, as far as this file reads it. */
interface RouteNodeLike {
  routePath?: string;
  children?: RouteNodeLike[];
}

/** The tree without the staff's routes (a staff route's children go with it). */
export function withoutStaffRoutes<T extends RouteNodeLike>(nodes: T[]): T[] {
  return nodes
    .filter((node) => !isStaffPath(node.routePath ?? ''))
    .map((node) => (node.children ? { ...node, children: withoutStaffRoutes(node.children) } : node));
}

/** The readers' tree module, generated from the route files under `root`/src/routes. */
export async function readerRouteTreeCode(root: string): Promise<string> {
  const config = getConfig(
    {
      routesDirectory: resolve(root, 'src/routes'),
      // Its imports are written relative to this file, which the module replaces: './routes/…'.
      generatedRouteTree: resolve(root, READER_TREE_MODULE),
      disableLogging: true,
    },
    root,
  );
  const generator = new Generator({
    config,
    root,
    // Reads only: TanStack Start's own generator writes src/routeTree.gen.ts and keeps the route files up to date.
    fs: {
      stat: async () => ({ mtimeMs: 0n, mode: 0, uid: 0, gid: 0 }),
      rename: async () => {},
      writeFile: async () => {},
      readFile: async (filePath) => {
        try {
          return { stat: { mtimeMs: 0n }, fileContent: await readFile(filePath, 'utf8') };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'file-not-existing';
          throw error;
        }
      },
      chmod: async () => {},
      chown: async () => {},
    },
  });
  await generator.run();
  const crawl = await generator.getCrawlingResult();
  if (!crawl) throw new Error('readerRouteTree: TanStack Router’s generator found no route tree under src/routes');
  const routeTree = withoutStaffRoutes(crawl.acc.routeTree);
  const routeNodes = crawl.acc.routeNodes.filter((node) => !isStaffPath(node.routePath ?? ''));
  return generator.buildRouteTree({
    ...crawl,
    acc: { ...crawl.acc, routeTree, routeNodes },
    config: { disableTypes: true, enableRouteTreeFormatting: false, routeTreeFileHeader: [], routeTreeFileFooter: [] },
  }).routeTreeContent;
}

export function readerRouteTreePlugin(): Plugin {
  let root = process.cwd();
  let replaced = false;
  return {
    name: 'piquante:reader-route-tree',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      if (id.replace(/\?.*$/, '') !== resolve(root, READER_TREE_MODULE)) return null;
      replaced = true;
      return { code: await readerRouteTreeCode(root), map: null };
    },
    buildEnd() {
      if (!replaced) this.error(`${READER_TREE_MODULE} was not in the browser build: src/router.tsx must import it`);
    },
  };
}
