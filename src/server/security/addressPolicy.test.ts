/**
 * The address policy on every spelling of an internal address the report used (and the ranges
 * around them), as a URL's host arrives: parsed by WHATWG URL first, which is what the guarded fetch does.
 */
import { describe, expect, it } from 'vitest';
import { classifyHost, hostAllowed, isPublicAddress } from './addressPolicy.ts';

const verdict = (url: string) => classifyHost(new URL(url));

describe('classifyHost refuses every spelling of an internal address', () => {
  it.each([
    ['http://127.0.0.1:2603/a.png', '127.0.0.1'],
    ['http://2130706433/a.png', '127.0.0.1'],
    ['http://0x7f000001/a.png', '127.0.0.1'],
    ['http://0177.0.0.1/a.png', '127.0.0.1'],
    ['http://127.1/a.png', '127.0.0.1'],
    ['http://0.0.0.0/a.png', '0.0.0.0'],
    ['http://[::1]/a.png', '::1'],
    ['http://[::]/a.png', '::'],
    ['http://[::ffff:127.0.0.1]/a.png', '::ffff:7f00:1'],
    ['http://[::ffff:7f00:1]/a.png', '::ffff:7f00:1'],
    ['http://[::ffff:169.254.169.254]/a.png', '::ffff:a9fe:a9fe'],
    ['http://169.254.169.254/latest/meta-data/iam.png', '169.254.169.254'],
    ['http://10.0.0.1/a.png', '10.0.0.1'],
    ['http://172.16.5.4/a.png', '172.16.5.4'],
    ['http://192.168.1.1/a.png', '192.168.1.1'],
    ['http://100.64.0.1/a.png', '100.64.0.1'],
    ['http://198.18.0.1/a.png', '198.18.0.1'],
    ['http://192.0.0.8/a.png', '192.0.0.8'],
    ['http://224.0.0.1/a.png', '224.0.0.1'],
    ['http://239.255.255.250/a.png', '239.255.255.250'],
    ['http://240.0.0.1/a.png', '240.0.0.1'],
    ['http://255.255.255.255/a.png', '255.255.255.255'],
    ['http://[fd00::1]/a.png', 'fd00::1'],
    ['http://[fc00::1]/a.png', 'fc00::1'],
    ['http://[fe80::1]/a.png', 'fe80::1'],
    ['http://[ff02::1]/a.png', 'ff02::1'],
    ['http://[64:ff9b::7f00:1]/a.png', '64:ff9b::7f00:1'],
    ['http://[64:ff9b::a9fe:a9fe]/a.png', '64:ff9b::a9fe:a9fe'],
    ['http://[2002:7f00:1::]/a.png', '2002:7f00:1::'],
    ['http://[::127.0.0.1]/a.png', '::7f00:1'],
  ])('%s is the internal address %s', (url, address) => {
    expect(verdict(url)).toEqual({ kind: 'address', address, public: false });
  });

  it('names this machine by name: localhost and its subdomains are local before any lookup', () => {
    expect(verdict('http://localhost:2603/a.png')).toEqual({ kind: 'name', name: 'localhost', local: true });
    expect(verdict('http://LOCALHOST./a.png')).toMatchObject({ kind: 'name', local: true });
    expect(verdict('http://images.localhost/a.png')).toMatchObject({ kind: 'name', local: true });
    expect(verdict('https://images.example.org/a.png')).toEqual({ kind: 'name', name: 'images.example.org', local: false });
  });
});

describe('isPublicAddress lets public unicast addresses through, and only them', () => {
  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4007:80c::200e'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('judges the IPv6 forms that carry an IPv4 address by that address', () => {
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:10.1.2.3')).toBe(false);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
    expect(isPublicAddress('64:ff9b::c0a8:101')).toBe(false);
    expect(isPublicAddress('2002:808:808::1')).toBe(true);
    expect(isPublicAddress('2002:a00:1::1')).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    expect(isPublicAddress('127.0.0.1.nip.io')).toBe(false);
  });
});

describe('hostAllowed, the operator’s list', () => {
  it('matches exact names, and subdomains only for a leading dot', () => {
    const list = ['wp.intranet.lan', '.media.lan', '10.0.0.5'];
    expect(hostAllowed('wp.intranet.lan', list)).toBe(true);
    expect(hostAllowed('WP.intranet.lan.', list)).toBe(true);
    expect(hostAllowed('evil-wp.intranet.lan', list)).toBe(false);
    expect(hostAllowed('a.media.lan', list)).toBe(true);
    expect(hostAllowed('media.lan', list)).toBe(false);
    expect(hostAllowed('xmedia.lan', list)).toBe(false);
    expect(hostAllowed('10.0.0.5', list)).toBe(true);
    expect(hostAllowed('10.0.0.6', list)).toBe(false);
  });
});
