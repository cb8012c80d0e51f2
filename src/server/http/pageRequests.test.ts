import { describe, expect, it } from 'vitest';
import { doubledSlashRedirect, pageMethodNotAllowed } from './pageRequests.ts';

describe('page requests', () => {
  it('refuse every method but GET and HEAD with a 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = pageMethodNotAllowed(new Request('http://127.0.0.1/mode', { method }));
      expect(response?.status, method).toBe(405);
      expect(response?.headers.get('allow')).toBe('GET, HEAD');
      expect(await response?.text()).toMatch(/méthode non acceptée/);
    }
    expect(pageMethodNotAllowed(new Request('http://127.0.0.1/mode'))).toBeNull();
    expect(pageMethodNotAllowed(new Request('http://127.0.0.1/mode', { method: 'HEAD' }))).toBeNull();
  });

  it('redirect doubled slashes to a relative path, never to a host from the request', () => {
    const cases: [string, string][] = [
      ['http://evil.example//x/', '/x/'],
      ['http://evil.example//evil.example/x', '/evil.example/x'],
      ['http://127.0.0.1///mode//article?q=1', '/mode/article?q=1'],
    ];
    for (const [input, location] of cases) {
      const response = doubledSlashRedirect(new URL(input));
      expect(response?.status).toBe(301);
      expect(response?.headers.get('location')).toBe(location);
    }
    expect(doubledSlashRedirect(new URL('http://127.0.0.1/mode/article'))).toBeNull();
  });
});
