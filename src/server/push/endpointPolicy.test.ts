import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { checkEndpoint } from './endpointPolicy.ts';

const production = { hosts: appConfig.push.defaultEndpointHosts, allowLoopback: false };
const testing = { ...production, allowLoopback: true };

describe('push endpoint policy (SSRF guard)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMZRg',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts the push service %s', (endpoint) => {
    expect(checkEndpoint(endpoint, production).ok).toBe(true);
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not-https'],
    ['ftp://fcm.googleapis.com/x', 'not-https'],
    ['https://evil.example/push', 'unknown-service'],
    ['https://fcm.googleapis.com.evil.example/x', 'unknown-service'],
    ['https://notfcm.googleapis.com/x', 'unknown-service'],
    ['https://fcm.googleapis.com:8443/x', 'unknown-service'],
    ['https://10.0.0.5/admin', 'unknown-service'],
    ['https://169.254.169.254/latest/meta-data', 'unknown-service'],
    ['https://[::1]/x', 'unknown-service'],
    ['https://127.0.0.1:9999/x', 'unknown-service'],
    ['https://localhost/x', 'unknown-service'],
    ['https://2130706433/x', 'unknown-service'],
    ['https://0x7f000001/x', 'unknown-service'],
    ['https://127.1/x', 'unknown-service'],
    ['https://[::ffff:127.0.0.1]/x', 'unknown-service'],
    ['https://[fd00::1]/x', 'unknown-service'],
    ['https://user:secret@fcm.googleapis.com/x', 'malformed'],
    ['not a url', 'malformed'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    expect(checkEndpoint(endpoint, production)).toEqual({ ok: false, reason });
  });

  it('accepts loopback only when PUSH_ALLOW_LOOPBACK is on, and still only over https', () => {
    expect(checkEndpoint('https://127.0.0.1:9999/push/1', testing).ok).toBe(true);
    expect(checkEndpoint('https://[::1]:9999/push/1', testing).ok).toBe(true);
    expect(checkEndpoint('http://127.0.0.1:9999/push/1', testing)).toEqual({ ok: false, reason: 'not-https' });
    expect(checkEndpoint('https://10.0.0.5/x', testing)).toEqual({ ok: false, reason: 'unknown-service' });
  });

  it('refuses a local name even when an operator lists it as a push service', () => {
    expect(checkEndpoint('https://push.localhost/x', { hosts: ['localhost'], allowLoopback: false })).toEqual({
      ok: false,
      reason: 'unknown-service',
    });
  });
});
