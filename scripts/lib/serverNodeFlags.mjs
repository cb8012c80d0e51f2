// The Node flags the production server runs with, whoever starts it (`npm start`, `node scripts/serve.mjs`, a
// benchmark, a container): imported first by scripts/serve.mjs, which then replaces itself (process.execve: same
// pid, no second process) with a Node that has them. V8 sizes its heap when the process starts; a flag set later
// (v8.setFlagsFromString) does not resize the young generation. Decision 029.
//
// --max-semi-space-size=16: V8 grows each of the young generation's semi-spaces to 64 MB under a render load and
// keeps them; 16 MB holds a render's garbage (about 90 MB less resident).
// --liftoff-only: PGlite's WebAssembly (9 MB) stays with V8's baseline compiler; TurboFan's recompilation of its hot
// functions peaked at 800+ MB at start, left about 90 MB resident and took 4 s of CPU, for about 5 % of CPU per
// uncached PGlite page (bench:memory -- --under-load --uncached). No WebAssembly runs with PostgreSQL.

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--liftoff-only'];

/** The flags not given already, on the command line or in NODE_OPTIONS (an operator's own value wins). */
export function missingServerFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split('=')[0].replaceAll('_', '-'));
  return SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}

const missing = missingServerFlags();
// SERVER_NODE_FLAGS=0 runs the server with Node's defaults (to compare them, as bench:memory does).
if (missing.length > 0 && process.env.SERVER_NODE_FLAGS !== '0' && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
