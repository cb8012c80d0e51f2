import { describe, expect, it } from 'vitest';
import { frontServerBlocks } from './nginxBench.ts';
import { clockTicks, parseWrkOutput, wrkScript } from './wrk.ts';

describe('the wrk driver of bench:http', () => {
  it('reads the JSON line of the done hook among the lines of wrk’s own report', () => {
    const output = [
      'Running 10s test @ http://127.0.0.1:4611',
      '  2 threads and 32 connections',
      'WRK_JSON {"requests":500000,"durationUs":10000000,"p50":1900,"p90":2500,"p99":12345,"errors":3,"utime":300,"stime":200}',
      'Requests/sec:  50000.00',
    ].join('\n');
    const result = parseWrkOutput(output);
    expect(result).toMatchObject({ requests: 500000, seconds: 10, rps: 50000, p50: 1.9, p90: 2.5, p99: 12.3, errors: 3 });
    expect(result.cpuCores).toBeCloseTo(500 / clockTicks() / 10);
  });

  it('fails with wrk’s output when the done hook printed nothing', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:4611 Connection refused')).toThrow(/Connection refused/);
  });

  it('writes a Lua script with the headers, the addresses in turn and the done hook', () => {
    const script = wrkScript({ 'accept-encoding': 'gzip' }, ['/a', '/b"c']);
    expect(script).toContain('wrk.headers["accept-encoding"] = "gzip"');
    expect(script).toContain('local paths = { "/a", "/b\\"c" }');
    expect(script).toContain('function request()');
    expect(script).toContain('function done(summary, latency, requests)');
    expect(wrkScript({}, undefined)).not.toContain('function request()');
  });

  it('points deploy/nginx.conf at the bench ports and keeps its cache and log in the throwaway prefix', () => {
    const blocks = frontServerBlocks('/tmp/prefix', 4611, 4610);
    expect(blocks).toContain('listen 127.0.0.1:4611;');
    expect(blocks).toContain('server 127.0.0.1:4610');
    expect(blocks).not.toMatch(/\/var\/(cache|log)\//);
    expect(blocks).toContain('/tmp/prefix/cache');
  });
});
