import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, withSecurityHeaders } from './securityHeaders.server.ts';

describe('security headers', () => {
  it('builds a CSP with the nonce, without unsafe-eval, refusing framing by others', () => {
    const csp = contentSecurityPolicy('abc123', {});
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('allows an external API host in connect-src', () => {
    expect(contentSecurityPolicy('n', { API_BASE_URL: 'https://cms.example.org/v1' })).toContain(
      "connect-src 'self' https://cms.example.org",
    );
  });

  it('gives every request its own nonce', () => {
    expect(createNonce()).not.toEqual(createNonce());
  });

  it('keeps status and body and adds the headers', async () => {
    const response = withSecurityHeaders(new Response('x', { status: 404 }), 'n', { csp: true });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('x');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("'nonce-n'");
  });
});
