import { describe, expect, it } from 'vitest';
import { OutboundConfigError, outboundPolicyFromEnv } from './outboundConfig.ts';
import { readServerConfig, ServerConfigError } from './serverConfig.ts';

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('is empty by default: public addresses only', () => {
    expect(outboundPolicyFromEnv({})).toEqual({ allowHosts: [] });
    expect(readServerConfig({}).outbound).toEqual({ allowHosts: [] });
  });

  it('reads names, subdomain suffixes and addresses, by commas or spaces', () => {
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOW_HOSTS: ' WP.intranet.lan, .media.lan  10.0.0.5,[fd00::5] ' })).toEqual({
      allowHosts: ['wp.intranet.lan', '.media.lan', '10.0.0.5', 'fd00::5'],
    });
  });

  it('refuses a URL or a port where a host is expected, naming the variable at boot', () => {
    expect(() => outboundPolicyFromEnv({ OUTBOUND_ALLOW_HOSTS: 'http://wp.intranet.lan/' })).toThrow(OutboundConfigError);
    expect(() => outboundPolicyFromEnv({ OUTBOUND_ALLOW_HOSTS: 'wp.intranet.lan:8080' })).toThrow(/OUTBOUND_ALLOW_HOSTS/);
    expect(() => readServerConfig({ OUTBOUND_ALLOW_HOSTS: '*' })).toThrow(ServerConfigError);
  });
});
