import { describe, expect, it } from 'vitest';
import { strictTransportSecurity, transportSecurityFromEnv } from './transportSecurity.ts';

const request = (headers: Record<string, string> = {}, url = 'http://127.0.0.1:3000/') => new Request(url, { headers });

describe('Strict-Transport-Security', () => {
  it('is sent when SITE_URL is https, for a year by default', () => {
    const config = transportSecurityFromEnv({ SITE_URL: 'https://www.piquante.fr' });
    expect(strictTransportSecurity(request(), config)).toBe('max-age=31536000');
  });

  it('follows X-Forwarded-Proto only behind a trusted proxy', () => {
    const forwarded = request({ 'x-forwarded-proto': 'https' });
    expect(strictTransportSecurity(forwarded, transportSecurityFromEnv({ TRUST_PROXY: '1' }))).toBe('max-age=31536000');
    expect(strictTransportSecurity(forwarded, transportSecurityFromEnv({}))).toBeNull();
    expect(strictTransportSecurity(request({ 'x-forwarded-proto': 'http' }), transportSecurityFromEnv({ TRUST_PROXY: '1' }))).toBeNull();
  });

  it('is not sent over plain HTTP (local npm start), and HSTS_MAX_AGE sets or disables it', () => {
    expect(strictTransportSecurity(request(), transportSecurityFromEnv({}))).toBeNull();
    expect(strictTransportSecurity(request(), transportSecurityFromEnv({ SITE_URL: 'https://a.fr', HSTS_MAX_AGE: '600' }))).toBe(
      'max-age=600',
    );
    expect(strictTransportSecurity(request(), transportSecurityFromEnv({ SITE_URL: 'https://a.fr', HSTS_MAX_AGE: '0' }))).toBeNull();
    expect(() => transportSecurityFromEnv({ HSTS_MAX_AGE: 'un an' })).toThrow(/HSTS_MAX_AGE/);
  });
});
