/**
 * npm run bench:import [-- --posts=10000 --images-per-post=2 --distinct-images=100 --databases=pglite,postgres]
 * The import command (issue 20) on a generated WordPress export: 10 000 posts referencing 20 000 images
 * (100 distinct files under --uploads, stored once each), into a fresh database with the demo's categories.
 * Runs `scripts/import/import.ts` as its own process and prints its wall time and peak memory (VmHWM, read
 * from /proc while it runs), on PGlite (DATA_DIR) and PostgreSQL (BENCH_DATABASE_URL, a throwaway database).
 * Goal: ≤ 2 min and ≤ 400 MB RSS on PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { databasesFromArgs, numberArg, prepareBenchDatabase } from './benchServer.ts';
import { writeGeneratedWxr } from './importWxr.ts';

const argv = process.argv.slice(2);
const posts = numberArg(argv, 'posts', 10_000);
const imagesPerPost = numberArg(argv, 'images-per-post', 2);
const distinctImages = numberArg(argv, 'distinct-images', 100);

const dir = mkdtempSync(join(tmpdir(), 'piquante-bench-import-'));
const file = join(dir, 'export.xml');
const uploads = join(dir, 'uploads');
await writeGeneratedWxr(file, { posts, imagesPerPost, distinctImages, uploadsDir: uploads });
console.log(
  `WXR: ${posts} posts, ${posts * imagesPerPost} image references (${distinctImages} files), ${(statSync(file).size / 1e6).toFixed(1)} MB`,
);

/** The flags `npm run import` gives Node (package.json), so that the bench measures the same command. */
const importNodeFlags = (
  /"import": "[^"]*?node ((?:--[a-z-]+(?:=\d+)? )*)--experimental-strip-types/.exec(readFileSync('package.json', 'utf8'))?.[1] ?? ''
)
  .trim()
  .split(' ')
  .filter((flag) => flag !== '--experimental-strip-types' && flag.length > 0);
console.log(`import's Node flags: ${importNodeFlags.join(' ') || '(none)'}`);

/** Peak resident memory of a process so far, in MB (Linux). */
function peakMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function runOnce(env: NodeJS.ProcessEnv): Promise<{ seconds: number; peak: number; summary: string }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...importNodeFlags,
      '--experimental-strip-types',
      '--no-warnings',
      'scripts/import/import.ts',
      'wordpress',
      file,
      '--uploads',
      uploads,
      '--no-download',
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, peakMb(child.pid ?? 0));
    } catch {}
  }, 100);
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', () => {});
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`import exited with ${code}:\n${out.slice(-2000)}`);
  const summary = out
    .split('\n')
    .filter((line) => /^(articles|images|tags|rubriques|signatures)\s/.test(line))
    .join(' | ');
  return { seconds: (performance.now() - started) / 1000, peak, summary };
}

try {
  for (const kind of databasesFromArgs(argv)) {
    const database = await prepareBenchDatabase(kind, 4);
    try {
      const mediaDir = join(dir, `media-${kind}`);
      const result = await runOnce({ ...database.env, MEDIA_DIR: mediaDir });
      console.log(
        `${kind.padEnd(8)} ${result.seconds.toFixed(1).padStart(6)} s  peak RSS ${result.peak.toFixed(0).padStart(4)} MB  load ${loadavg()[0]?.toFixed(2)}  ${result.summary}`,
      );
    } finally {
      await database.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
