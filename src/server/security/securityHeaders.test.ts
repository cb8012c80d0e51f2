import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inlineScripts.ts';
import { contentSecurityPolicy as policyOf, withResourceSecurityHeaders, withSecurityHeaders } from './securityHeaders.server.ts';
import { pageSourcesFromEnv } from '../config/pageSources.ts';

/** The policy as the server's configuration would make it from `env`. */
const contentSecurityPolicy = (hashes: readonly string[], env: NodeJS.ProcessEnv) => policyOf(hashes, pageSourcesFromEnv(env));

describe('security headers', () => {
  it("builds a CSP with the inline scripts' hashes, without unsafe-inline scripts nor unsafe-eval, refusing framing by others", () => {
    const csp = contentSecurityPolicy(["'sha256-abc='", "'sha256-def='"], {});
    expect(csp).toContain("script-src 'self' 'sha256-abc=' 'sha256-def=';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('allows an external API host in connect-src', () => {
    expect(contentSecurityPolicy([], { API_BASE_URL: 'https://cms.example.org/v1' })).toContain(
      "connect-src 'self' https://cms.example.org",
    );
  });

  it('allows the self-hosted analytics origin (script, collector, pixel) only when analytics is configured', () => {
    const none = contentSecurityPolicy([], {});
    expect(none).toContain("connect-src 'self';");
    const env = { ANALYTICS_PROVIDER: 'matomo', ANALYTICS_URL: 'https://stats.piquante.test/', ANALYTICS_SITE_ID: '3' };
    const csp = contentSecurityPolicy([], env);
    expect(csp).toContain("script-src 'self' https://stats.piquante.test;");
    expect(csp).toContain("connect-src 'self' https://stats.piquante.test;");
    expect(csp).toContain("img-src 'self' data: blob: https://stats.piquante.test;");
    // Incomplete settings: no analytics, no origin opened.
    expect(contentSecurityPolicy([], { ANALYTICS_PROVIDER: 'matomo', ANALYTICS_URL: 'https://stats.piquante.test/' })).not.toContain(
      'stats.piquante.test',
    );
    expect(contentSecurityPolicy([], { ANALYTICS_PROVIDER: 'ga4', ANALYTICS_URL: 'https://x.test', ANALYTICS_SITE_ID: '1' })).not.toContain(
      'x.test',
    );
  });

  it('hashes the inline scripts a browser runs, as the browser does (the raw text between the tags)', () => {
    const html =
      '<script>self.a=1</script><script type="module">import("/x.js")</script>' +
      '<script type="module" async src="/assets/index.js"></script>' +
      '<script type="application/ld+json">{"@type":"Article"}</script><script id="_R_">self.a=1</script>';
    // sha256("self.a=1") and sha256('import("/x.js")'), base64; the duplicate counted once.
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${createHash('sha256').update('self.a=1').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('import("/x.js")').digest('base64')}'`,
    ]);
  });

  it('keeps status and body and adds the headers', async () => {
    const response = withSecurityHeaders(new Response('x', { status: 404 }), ["'sha256-n='"], { csp: pageSourcesFromEnv({}) });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('x');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("'sha256-n='");
  });
});

describe('security headers of answers that are not pages', () => {
  it('allow nothing by default and keep a policy the answer brings', async () => {
    const json = withResourceSecurityHeaders(new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(json.status).toBe(201);
    expect(await json.text()).toBe('{}');
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    const own = withResourceSecurityHeaders(new Response('', { headers: { 'content-security-policy': "default-src 'self'" } }));
    expect(own.headers.get('content-security-policy')).toBe("default-src 'self'");
  });
});
