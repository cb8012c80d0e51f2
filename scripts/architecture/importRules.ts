/**
 * The import rules of src/ (docs/architecture.md), checked over the real import graph:
 * - a feature never imports another feature;
 * - src/components (presentational pieces) imports no feature, no composition root and no route;
 * - UI code (routes, app, features, components, lib, api) never imports src/server or src/db;
 * - server code (src/server, src/db, the server entry) never imports React or UI code;
 * - the generated contract client (src/api/client.ts) is called only from src/api/queries;
 * - src/lib imports no feature, composition root, route or inspector; the service worker (src/sw) no UI and no
 *   React; the inspector (src/qa) no composition root or route, and neither reaches the server;
 * - the e-mails (src/mail, React Email) import no server code but the mail's input types, no database and no UI; the
 *   server (tests aside) and UI never import them: the composition root hands the renderer to the server;
 * - test support (src/testing) is imported by tests only;
 * - the formats' declarations (src/formats) are plain data both the server and UI read: they import nothing of
 *   the project but each other and the generated contract (src/api/generated), and no package;
 * - no import cycle (the generated route tree aside: it imports every route by design).
 * Type-only imports count too: a rule that holds only at run time would still let layers leak.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Module path (relative to the project, '/'-separated) → the specifiers it imports. */
export type ImportGraph = Map<string, { local: string[]; packages: string[] }>;

const SOURCE = /\.(ts|tsx|mts)$/;
const IGNORED_CYCLE_NODES = new Set(['src/routeTree.gen.ts']);
const REACT_PACKAGES = /^(react|react-dom|@tanstack\/react-|@xstate\/react|@react-email\/)/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'generated' && name !== 'node_modules') out.push(...listSources(path));
    } else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function resolveLocal(root: string, fromFile: string, specifier: string): string | null {
  const base = specifier.startsWith('~/') ? join(root, 'src', specifier.slice(2)) : resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

/** Reads every source file under `root/src` (generated code aside: it is checked by its generator). */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listSources(join(root, 'src'))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const local: string[] = [];
    const packages: string[] = [];
    for (const { fileName } of info.importedFiles) {
      if (fileName.startsWith('.') || fileName.startsWith('~/')) {
        const target = resolveLocal(root, file, fileName);
        if (target) local.push(target);
      } else packages.push(fileName);
    }
    graph.set(relative(root, file).split('\\').join('/'), { local, packages });
  }
  return graph;
}

type Layer =
  | 'route'
  | 'app'
  | 'feature'
  | 'component'
  | 'lib'
  | 'api'
  | 'qa'
  | 'sw'
  | 'testing'
  | 'server'
  | 'db'
  | 'mail'
  | 'formats'
  | 'other';

function layerOf(path: string): { layer: Layer; feature?: string } {
  const parts = path.split('/');
  // The server entry is where both faces meet: it hands pages to TanStack Start's SSR.
  if (path === 'src/server.ts') return { layer: 'other' };
  switch (parts[1]) {
    case 'routes':
      return { layer: 'route' };
    case 'app':
      return { layer: 'app' };
    case 'features':
      return { layer: 'feature', feature: parts[2] };
    case 'components':
      return { layer: 'component' };
    case 'lib':
      return { layer: 'lib' };
    case 'api':
      return { layer: 'api' };
    case 'qa':
      return { layer: 'qa' };
    case 'sw':
      return { layer: 'sw' };
    case 'testing':
      return { layer: 'testing' };
    case 'server':
      return { layer: 'server' };
    case 'db':
      return { layer: 'db' };
    case 'mail':
      return { layer: 'mail' };
    case 'formats':
      return { layer: 'formats' };
    default:
      return { layer: 'other' };
  }
}

const UI_LAYERS: ReadonlySet<Layer> = new Set(['route', 'app', 'feature', 'component', 'lib', 'api', 'qa', 'sw']);
/** The generated contract client: called only from src/api/queries (one place per resource). */
const CONTRACT_CLIENT = 'src/api/client.ts';
const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const SERVER_LAYERS: ReadonlySet<Layer> = new Set(['server', 'db']);
/** Layers made of React components and hooks. */
const REACT_LAYERS: ReadonlySet<Layer> = new Set(['route', 'app', 'feature', 'component']);
/** The one server module the e-mails may import: the shape of what they are built from (types and a constant). */
const MAIL_INPUT_TYPES = 'src/server/newsletter/issues/issueMailTypes.ts';

function reachable(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...(graph.get(start)?.local ?? [])];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.get(next)?.local ?? []));
  }
  return seen;
}

/** Every broken rule, one French-free line each (for developers), sorted. */
export function importRuleViolations(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [from, { local, packages }] of graph) {
    const source = layerOf(from);
    for (const to of local) {
      const target = layerOf(to);
      if (source.layer === 'feature' && target.layer === 'feature' && source.feature !== target.feature) {
        problems.push(`feature imports another feature: ${from} -> ${to}`);
      }
      if (source.layer === 'component' && ['feature', 'app', 'route'].includes(target.layer)) {
        problems.push(`components import a ${target.layer}: ${from} -> ${to}`);
      }
      if (UI_LAYERS.has(source.layer) && SERVER_LAYERS.has(target.layer)) {
        problems.push(`UI imports server code: ${from} -> ${to}`);
      }
      if (SERVER_LAYERS.has(source.layer) && REACT_LAYERS.has(target.layer)) {
        problems.push(`server imports UI code: ${from} -> ${to}`);
      }
      if (to === CONTRACT_CLIENT && !from.startsWith('src/api/queries/') && !isTest(from)) {
        problems.push(`the contract is called outside src/api/queries: ${from} -> ${to}`);
      }
      if (source.layer === 'lib' && ['feature', 'app', 'route', 'qa'].includes(target.layer)) {
        problems.push(`lib imports a ${target.layer}: ${from} -> ${to}`);
      }
      if (source.layer === 'sw' && ['feature', 'app', 'route', 'component', 'qa', 'api'].includes(target.layer)) {
        problems.push(`the service worker imports a ${target.layer}: ${from} -> ${to}`);
      }
      if (source.layer === 'qa' && ['app', 'route'].includes(target.layer)) {
        problems.push(`the inspector imports a ${target.layer}: ${from} -> ${to}`);
      }
      if (source.layer === 'mail' && SERVER_LAYERS.has(target.layer) && to !== MAIL_INPUT_TYPES) {
        problems.push(`the mail imports server code: ${from} -> ${to}`);
      }
      if (source.layer === 'mail' && UI_LAYERS.has(target.layer) && target.layer !== 'lib') {
        problems.push(`the mail imports a ${target.layer}: ${from} -> ${to}`);
      }
      if (SERVER_LAYERS.has(source.layer) && target.layer === 'mail' && !isTest(from)) {
        problems.push(`server imports the mail: ${from} -> ${to}`);
      }
      if (UI_LAYERS.has(source.layer) && target.layer === 'mail') {
        problems.push(`UI imports the mail: ${from} -> ${to}`);
      }
      if (source.layer === 'formats' && target.layer !== 'formats' && !to.startsWith('src/api/generated/') && !isTest(from)) {
        problems.push(`the formats' declarations import more than plain data: ${from} -> ${to}`);
      }
      if (target.layer === 'testing' && source.layer !== 'testing' && !isTest(from)) {
        problems.push(`test support imported by shipped code: ${from} -> ${to}`);
      }
    }
    if (source.layer === 'formats' && !isTest(from)) {
      for (const pkg of packages) problems.push(`the formats' declarations import a package: ${from} -> ${pkg}`);
    }
    if (source.layer === 'sw') {
      for (const pkg of packages) if (REACT_PACKAGES.test(pkg)) problems.push(`the service worker imports React: ${from} -> ${pkg}`);
    }
    // A server test may compose what the composition root hands the server (the newsletter mail's renderer).
    if (SERVER_LAYERS.has(source.layer) && !isTest(from)) {
      for (const pkg of packages) if (REACT_PACKAGES.test(pkg)) problems.push(`server imports React: ${from} -> ${pkg}`);
      // Shared libraries are fine on the server as long as none of them brings React along.
      for (const through of reachable(graph, from)) {
        if (SERVER_LAYERS.has(layerOf(through).layer)) continue;
        const react = graph.get(through)?.packages.find((pkg) => REACT_PACKAGES.test(pkg));
        if (react) problems.push(`server reaches React: ${from} -> ${through} -> ${react}`);
      }
    }
    // The mail's input types stay free of the database: the mail must not reach it through them either.
    if (source.layer === 'mail' && !isTest(from)) {
      for (const through of reachable(graph, from)) {
        if (layerOf(through).layer === 'db') problems.push(`the mail reaches the database: ${from} -> ${through}`);
      }
    }
  }
  for (const cycle of importCycles(graph)) problems.push(`import cycle: ${cycle.join(' -> ')}`);
  return problems.sort();
}

/** Strongly connected components of more than one module (or a module importing itself), Tarjan. */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const edges = (node: string) => (graph.get(node)?.local ?? []).filter((to) => graph.has(to) && !IGNORED_CYCLE_NODES.has(to));

  function visit(node: string) {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges(node).includes(node)) cycles.push(component.sort());
    }
  }

  for (const node of graph.keys()) if (!IGNORED_CYCLE_NODES.has(node) && !indexOf.has(node)) visit(node);
  return cycles;
}
