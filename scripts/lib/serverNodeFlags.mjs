// The Node flags and allocator setting the production server runs with, whoever starts it (`npm start`, `node
// scripts/serve.mjs`, a benchmark, a container): imported first by scripts/serve.mjs, which then replaces itself
// (process.execve: same pid, no second process) with a Node that has them. V8 sizes its heap when the process
// starts, and glibc reads its malloc settings then; a flag set later (v8.setFlagsFromString) does not resize the
// young generation. Decision 029.
//
// --max-semi-space-size=32: V8 grows each of the young generation's semi-spaces to 64 MB under a render load; 32 MB
// keeps the server under its memory goals while loaded (decision 029) and costs a render little more collecting
// than 64 (bench:young-gen; 8 MB nearly doubled it). Idle, the size does not matter: V8's memory reducer gives the
// young generation back some seconds after the last request, whatever its cap (bench:memory).
// --liftoff-only: PGlite's WebAssembly (9 MB) stays with V8's baseline compiler; TurboFan's recompilation of its hot
// functions peaked at 800+ MB at start, left about 90 MB resident and took 4 s of CPU, for about 5 % of CPU per
// uncached PGlite page (bench:memory -- --under-load --uncached). No WebAssembly runs with PostgreSQL.
// MALLOC_ARENA_MAX=1: glibc gives each thread that allocates (libuv's four, compressing pages; V8's, collecting
// and compiling) an arena of its own, and each kept what it once held: 23 MB (PostgreSQL) to 37 MB (PGlite)
// resident at idle for the server's handful of threads. Ignored by other C libraries (musl).

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--liftoff-only'];

export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '1' };

/** The flags not given already, on the command line or in NODE_OPTIONS (an operator's own value wins). */
export function missingServerFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split('=')[0].replaceAll('_', '-'));
  return SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}

/** The environment variables not set already (an operator's own value wins, an empty one too). */
export function missingServerEnvironment(env = process.env) {
  return Object.fromEntries(Object.entries(SERVER_ENVIRONMENT).filter(([name]) => env[name] === undefined));
}

const missing = missingServerFlags();
const missingEnvironment = missingServerEnvironment();
// SERVER_NODE_FLAGS=0 runs the server with Node's and glibc's defaults (to compare them).
if (
  (missing.length > 0 || Object.keys(missingEnvironment).length > 0) &&
  process.env.SERVER_NODE_FLAGS !== '0' &&
  typeof process.execve === 'function'
) {
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...missingEnvironment,
  });
}
