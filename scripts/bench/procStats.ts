/**
 * Readings of /proc for the HTTP benchmark: a server's processes (the process and its children: cluster workers,
 * nginx's workers), their CPU time and resident memory, and the machine's load average — the benchmarks share
 * their cores with whatever else runs, so every figure goes out with the load it was taken under.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The process and its children (one level: cluster workers, nginx workers). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    // No children.
  }
  return pids;
}

/** utime + stime of these processes, in clock ticks (processes gone are left out). */
export function cpuTicks(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return total;
}

/** Resident memory of these processes, in MB. */
export function rssMb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += match ? Number(match[1]) : 0;
    } catch {
      // Gone.
    }
  }
  return Math.round(total / 1024);
}

/** The 1-, 5- and 15-minute load averages. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
