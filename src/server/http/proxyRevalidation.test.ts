/**
 * Several machines (issue 36, decision 033): nginx keeps a shared answer until the end of the current second
 * (`X-Accel-Expires: @…`, whole seconds as nginx counts them), and a database that stops answering is an outage
 * (503 with Retry-After), not a bug (500).
 */
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { isDatabaseOutage } from './databaseOutage.ts';
import { notModified, PROXY_EXPIRES_HEADER, proxyExpires, setProxyRevalidateSeconds } from './httpCache.ts';

describe('nginx lifetime of a shared answer', () => {
  it('is the end of the current second (proxyRevalidateSeconds = 1), whatever the millisecond', () => {
    expect(appConfig.pageCache.proxyRevalidateSeconds).toBe(1);
    expect(proxyExpires(1_700_000_000_000)).toBe('@1700000000');
    expect(proxyExpires(1_700_000_000_999)).toBe('@1700000000');
    expect(proxyExpires(1_700_000_001_000)).toBe('@1700000001');
  });

  it('is longer when configured, and absent at 0 (nginx then keeps s-maxage)', () => {
    try {
      setProxyRevalidateSeconds(3);
      expect(proxyExpires(1_700_000_000_500)).toBe('@1700000002');
      setProxyRevalidateSeconds(0);
      expect(proxyExpires(1_700_000_000_500)).toBeNull();
    } finally {
      setProxyRevalidateSeconds(appConfig.pageCache.proxyRevalidateSeconds);
    }
  });

  it('goes with the 304, from which nginx takes the refreshed entry its new lifetime', () => {
    const headers = new Headers({ etag: 'W/"x"', 'cache-control': 'public, s-maxage=60', [PROXY_EXPIRES_HEADER]: '@1700000000' });
    headers.set('content-type', 'text/html');
    const answer = notModified(headers);
    expect(answer.status).toBe(304);
    expect(answer.headers.get(PROXY_EXPIRES_HEADER)).toBe('@1700000000');
    expect(answer.headers.get('content-type')).toBeNull();
  });
});

describe('a database that stops answering', () => {
  it('is an outage past the query timeout, the pool acquire timeout and the server statement_timeout', () => {
    expect(isDatabaseOutage(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    // Wrapped as Drizzle wraps it.
    expect(isDatabaseOutage(new Error('Failed query: select 1', { cause: new Error('Query read timeout') }))).toBe(true);
  });

  it('is not any other error', () => {
    expect(isDatabaseOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseOutage(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
