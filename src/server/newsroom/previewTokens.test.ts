import { describe, expect, it } from 'vitest';
import { previewToken, readPreviewToken } from './previewTokens.ts';

describe('preview tokens', () => {
  const secret = 'a test secret';
  const now = new Date('2026-03-01T10:00:00Z');
  const expires = new Date('2026-03-01T11:00:00Z');

  it('reads back the article id until the link expires', () => {
    const token = previewToken(secret, 42, expires);
    expect(readPreviewToken(secret, token, now)).toBe(42);
    expect(readPreviewToken(secret, token, new Date('2026-03-01T10:59:59Z'))).toBe(42);
    expect(readPreviewToken(secret, token, expires)).toBeNull();
  });

  it('refuses another key, a changed id or date, and junk', () => {
    const token = previewToken(secret, 42, expires);
    expect(readPreviewToken('another secret', token, now)).toBeNull();
    expect(readPreviewToken(secret, token.replace(/^42/, '43'), now)).toBeNull();
    const [id, , sig] = token.split('.');
    expect(readPreviewToken(secret, `${id}.9999999999.${sig}`, now)).toBeNull();
    for (const junk of ['', '42', '42.1.x', `${token}x`, '<script>']) expect(readPreviewToken(secret, junk, now)).toBeNull();
  });
});
