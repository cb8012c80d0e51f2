// Preloaded by bench:young-gen only (`node --import ./scripts/bench/gcProbe.mjs scripts/serve.mjs`): the server's
// code is not touched. It sums V8's garbage collections by kind (count and pause time) and the process's CPU
// time; on SIGUSR2 it writes them to GC_PROBE_OUT as JSON and starts counting again.
import { writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

let collections = {};
let cpuSince = process.cpuUsage();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? 'other';
    collections[kind] ??= { count: 0, ms: 0 };
    collections[kind].count += 1;
    collections[kind].ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const cpu = process.cpuUsage(cpuSince);
  const out = process.env.GC_PROBE_OUT;
  if (out) writeFileSync(out, JSON.stringify({ collections, cpuMs: (cpu.user + cpu.system) / 1000 }));
  collections = {};
  cpuSince = process.cpuUsage();
});
