/**
 * Generates the API code of src/api/generated/ from the contract: the files of openapi/ (scripts/lib/contractBundle.ts).
 *
 *   npm run api:generate   regenerate src/api/generated/ and the API reference page
 *   npm run api:check      regenerate into a temporary directory and compare byte for byte;
 *                          exit 1 listing the stale files, else print "api:check ok"
 *
 * Outputs (all formatted with the pinned Biome and the fixed options below, so a re-run is
 * byte-identical):
 *   openapi.yaml               the contract's files bundled into one document (what everything else reads)
 *   schema.ts                  openapi-typescript types (`paths`, `components`, `operations`), for openapi-fetch
 *   zod.ts                     orval zod schemas (responses, path params, query params, body), each built on
 *                              its first use (src/api/lazySchema.ts)
 *   operations.ts              every operationId with its method and path (the server's router table)
 *   README.md                  says the folder is generated
 * The API reference served at /api/docs is not code and is not committed: api:generate also renders
 * it into generated/ (scripts/lib/apiDocs.ts), as the build does.
 *
 * Run with `node --experimental-strip-types`: erasable TypeScript only, `.ts` in relative imports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate } from 'orval';
import { createOrvalProjects, GENERATED_HEADER } from '../openapi/orval.config.ts';
import { API_DOCS_FILE, generateApiDocs } from './lib/apiDocs.ts';
import { bundledContractText } from './lib/contractBundle.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'src', 'api', 'generated');
const BIOME_BIN = path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'biome.cmd' : 'biome');

/** Formatting of the generated files: fixed here, independent of any biome.json of the repository. */
const BIOME_CONFIG = {
  formatter: {
    enabled: true,
    indentStyle: 'space',
    indentWidth: 2,
    lineWidth: 100,
    lineEnding: 'lf',
  },
  javascript: {
    formatter: { quoteStyle: 'single', semicolons: 'always', trailingCommas: 'all' },
  },
};

const README = `# src/api/generated

${GENERATED_HEADER}

Regenerate with \`npm run api:generate\`; \`npm run api:check\` fails when these files are stale.

- \`openapi.yaml\`: the contract, written as several files under \`openapi/\`, bundled into one document
  (scripts/lib/contractBundle.ts): the generators, the linter, the reference page and the tests read it.
- \`schema.ts\`: openapi-typescript types (\`paths\`, \`components\`, \`operations\`), for openapi-fetch.
- \`operations.ts\`: every operation's method and path, keyed by operationId (the server's router is built from it).
- \`zod.ts\`: zod schemas (orval): one per component schema (\`ArticleCard\`, \`ErrorResponse\`…) and,
  per operation, \`<Operation>Response\`, \`<Operation>Params\` (path), \`<Operation>QueryParams\` (query,
  numbers coerced from strings, defaults applied) and \`SignupNewsletterBody\`. Each is built on its first use
  (\`src/api/lazySchema.ts\`): a process builds only the schemas it uses.

The API reference served at \`/api/docs\` (Redoc, inlined) is rendered from the same contract into
\`generated/api-docs.html\` (not committed) by \`npm run build\`, \`npm run dev\`, \`npm run api:generate\`
and the unit tests.
`;

async function listFiles(dir: string, base = dir): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, base)));
    else files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files.sort();
}

async function generateSchemaTypes(outDir: string): Promise<void> {
  const ast = await openapiTS(pathToFileURL(path.join(outDir, 'openapi.yaml')), {
    silent: true,
    // A property with a default (people_register_newslettertype) stays optional for the sender.
    defaultNonNullable: false,
  });
  const source = `/**\n * ${GENERATED_HEADER}\n */\n\n${astToString(ast)}`;
  await writeFile(path.join(outDir, 'schema.ts'), source);
}

/**
 * operations.ts: every operation of the contract with its method and path (rou3 syntax, `{name}` → `:name`),
 * keyed by operationId. The server's router is built from it: the contract, not a hand-written table, says
 * which addresses exist.
 */
async function generateOperations(outDir: string): Promise<void> {
  const { parse } = await import('yaml');
  const document = parse(await readFile(path.join(outDir, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const lines: string[] = [];
  for (const [pathTemplate, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.operationId) continue;
      const routePath = pathTemplate.replace(/\{([^}]+)\}/g, ':$1');
      lines.push(`  ${operation.operationId}: { method: '${method.toUpperCase()}', path: '${routePath}' },`);
    }
  }
  const source = `/**\n * ${GENERATED_HEADER}\n */\n\n/** Every operation of the contract: its method and its path (\`:name\` for a path parameter). */\nexport const apiOperations = {\n${lines.join('\n')}\n} as const;\n\nexport type OperationId = keyof typeof apiOperations;\n`;
  await writeFile(path.join(outDir, 'operations.ts'), source);
}

async function generateOrval(outDir: string): Promise<void> {
  const projects = createOrvalProjects(outDir);
  for (const name of Object.keys(projects).sort()) {
    const project = projects[name];
    if (!project) continue;
    await generate(project, ROOT, { logLevel: 'error', throwOnError: true });
  }
}

const SCHEMA_EXPORT = /^export const ([A-Za-z0-9_]+) = (zod\b[\s\S]*?);$(?=\n\n|\n?$(?![\s\S]))/gm;

/**
 * Wraps every schema of zod.ts (formatted: one statement per export, a blank line after each) in `lazySchema`:
 * built on first use, not all at import (decision 029). Constants, patterns and aliases (`X = Y;`) stay as they are.
 */
async function lazifyZodSchemas(outDir: string): Promise<void> {
  const file = path.join(outDir, 'zod.ts');
  const source = await readFile(file, 'utf8');
  const importLine = "import * as zod from 'zod';\n";
  if (!source.includes(importLine)) throw new Error(`zod.ts: no ${importLine.trim()} line to add lazySchema's import after`);
  const wrapped = source
    .replace(SCHEMA_EXPORT, (_, name: string, expression: string) => `export const ${name} = lazySchema(() => ${expression});`)
    .replace(importLine, `${importLine}import { lazySchema } from '../lazySchema.ts';\n`);
  const unwrapped = /^export const [A-Za-z0-9_]+ = zod\b.*$/m.exec(wrapped);
  if (unwrapped) throw new Error(`zod.ts: a schema left unwrapped (its statement is not followed by a blank line?): ${unwrapped[0]}`);
  await writeFile(file, wrapped);
}

function format(tmpRoot: string, outDir: string): void {
  const configPath = path.join(tmpRoot, 'biome.json');
  const result = spawnSync(BIOME_BIN, ['format', '--write', `--config-path=${configPath}`, '--files-ignore-unknown=true', outDir], {
    cwd: tmpRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`biome format failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Generates every file into a fresh temporary directory; returns [tmpRoot, outDir]. */
async function generateAll(): Promise<[string, string]> {
  const tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'piquante-api-'));
  const outDir = path.join(tmpRoot, 'generated');
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(tmpRoot, 'biome.json'), `${JSON.stringify(BIOME_CONFIG, null, 2)}\n`);
  await writeFile(path.join(outDir, 'openapi.yaml'), bundledContractText());
  await generateSchemaTypes(outDir);
  await generateOperations(outDir);
  await generateOrval(outDir);
  format(tmpRoot, outDir);
  await lazifyZodSchemas(outDir);
  format(tmpRoot, outDir);
  await writeFile(path.join(outDir, 'README.md'), README);
  return [tmpRoot, outDir];
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Files of `actualDir` that differ from `expectedDir` (changed, missing or extra). */
async function diff(expectedDir: string, actualDir: string): Promise<string[]> {
  const expected = await listFiles(expectedDir);
  const actual = await listFiles(actualDir);
  const stale: string[] = [];
  for (const file of expected) {
    const want = await readFile(path.join(expectedDir, file));
    const have = await readOrNull(path.join(actualDir, file));
    if (have === null) stale.push(`${file} (missing)`);
    else if (!want.equals(have)) stale.push(`${file} (changed)`);
  }
  for (const file of actual) {
    if (!expected.includes(file)) stale.push(`${file} (not generated any more)`);
  }
  return stale;
}

/** Makes OUT_DIR identical to `fromDir`, touching only files whose bytes change. */
async function sync(fromDir: string): Promise<string[]> {
  const wanted = await listFiles(fromDir);
  const present = await listFiles(OUT_DIR);
  const touched: string[] = [];
  for (const file of present) {
    if (!wanted.includes(file)) {
      await rm(path.join(OUT_DIR, file));
      touched.push(`deleted ${file}`);
    }
  }
  for (const file of wanted) {
    const content = await readFile(path.join(fromDir, file));
    const target = path.join(OUT_DIR, file);
    const current = await readOrNull(target);
    if (current?.equals(content)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    touched.push(`${current === null ? 'created' : 'updated'} ${file}`);
  }
  // Remove directories left empty by deletions.
  for (const dir of new Set(present.map((file) => path.dirname(file)).filter((d) => d !== '.'))) {
    const full = path.join(OUT_DIR, dir);
    if ((await listFiles(full)).length === 0) await rm(full, { recursive: true, force: true });
  }
  return touched;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const [tmpRoot, generated] = await generateAll();
  try {
    if (check) {
      const stale = await diff(generated, OUT_DIR);
      if (stale.length > 0) {
        console.error('Generated API code is stale: run npm run api:generate');
        for (const file of stale) console.error(`  src/api/generated/${file}`);
        return 1;
      }
      console.log('api:check ok');
      return 0;
    }
    const touched = await sync(generated);
    for (const line of touched) console.log(`  ${line}`);
    generateApiDocs();
    console.log(`api:generate: ${path.relative(ROOT, API_DOCS_FILE)} written`);
    console.log(
      touched.length === 0
        ? 'api:generate: src/api/generated/ already up to date'
        : `api:generate: ${touched.length} file(s) written in src/api/generated/`,
    );
    return 0;
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
