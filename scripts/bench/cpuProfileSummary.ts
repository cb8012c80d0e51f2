/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and prints where the time went: self time by function (with its
 * file and line) and by package, as shares of the busy time (idle and the program's own wrapper left out).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const NOT_BUSY = new Set(['(idle)', '(program)']);

/** The package a script belongs to: node_modules/<pkg>, node: internals, or our own build. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.includes('/dist/')) return 'piquante (dist)';
  if (url.includes('/scripts/')) return 'piquante (scripts)';
  return url.replace(/^file:\/\//, '');
}

export function summariseCpuProfile(file: string, top = 40): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] ?? 0;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || NOT_BUSY.has(frame.functionName)) continue;
    busy += micros;
    const where = frame.url ? `${frame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const pkg = frame.functionName === '(garbage collector)' ? '(gc)' : packageOf(frame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  const lines = [`busy ${(busy / 1e6).toFixed(2)} s of CPU`, '', 'by package:'];
  for (const [pkg, micros] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${share(micros)}  ${pkg}`);
  lines.push('', `by function (self time, top ${top}):`);
  for (const [key, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${share(micros)}  ${key}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) console.log(summariseCpuProfile(file));
}
