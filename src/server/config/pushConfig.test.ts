import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../../../app.config.ts';
import { siteFeaturesFromEnv } from './siteFeaturesConfig.ts';
import { PushConfigError, pushConfigFromEnv } from './pushConfig.ts';

const keys = webpush.generateVAPIDKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:redaction@piquante.fr' };

describe('push configuration', () => {
  it('is off without keys, on with the three of them', () => {
    expect(pushConfigFromEnv({}).vapid).toBeNull();
    expect(siteFeaturesFromEnv({}).pushPublicKey).toBeNull();
    expect(pushConfigFromEnv(vapidEnv).vapid).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:redaction@piquante.fr',
    });
    expect(siteFeaturesFromEnv(vapidEnv).pushPublicKey).toBe(keys.publicKey);
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: keys.publicKey }, /go together/],
    [{ ...vapidEnv, VAPID_PUBLIC_KEY: 'abc' }, /VAPID_PUBLIC_KEY/],
    [{ ...vapidEnv, VAPID_PRIVATE_KEY: keys.publicKey }, /VAPID_PRIVATE_KEY/],
    [{ ...vapidEnv, VAPID_SUBJECT: 'redaction@piquante.fr' }, /VAPID_SUBJECT/],
    [{ ...vapidEnv, VAPID_SUBJECT: 'http://piquante.fr' }, /VAPID_SUBJECT/],
    [{ PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com, 10.0.0.1/x' }, /PUSH_ENDPOINT_HOSTS/],
    [{ PUSH_ALLOW_LOOPBACK: 'maybe' }, /PUSH_ALLOW_LOOPBACK/],
  ])('stops at start-up on %o', (env, message) => {
    expect(() => pushConfigFromEnv(env)).toThrow(PushConfigError);
    expect(() => pushConfigFromEnv(env)).toThrow(message);
  });

  it('sends to the known push services unless PUSH_ENDPOINT_HOSTS says otherwise; loopback only on request', () => {
    expect(pushConfigFromEnv({}).endpoints).toEqual({ hosts: [...appConfig.push.defaultEndpointHosts], allowLoopback: false });
    expect(pushConfigFromEnv({ PUSH_ENDPOINT_HOSTS: 'Push.Example.net', PUSH_ALLOW_LOOPBACK: '1' }).endpoints).toEqual({
      hosts: ['push.example.net'],
      allowLoopback: true,
    });
  });

  it('SERVICE_WORKER=0 (or off/false/no) turns the service worker off; anything else leaves it on', () => {
    for (const off of ['0', 'off', 'false', 'NO', ' 0 ']) expect(siteFeaturesFromEnv({ SERVICE_WORKER: off }).serviceWorker).toBe(false);
    for (const on of [undefined, '', '1', 'on']) expect(siteFeaturesFromEnv({ SERVICE_WORKER: on }).serviceWorker).toBe(true);
  });
});
