/** A CDN no test reaches (loopback, discard port): tests record for it as a server with a CDN does, and read the rows. */
import type { CdnPurgeConfig } from '../server/config/cdnPurgeConfig.ts';

export const TEST_CDN: CdnPurgeConfig = { kind: 'cloudflare', url: 'http://127.0.0.1:9/purge', token: 'jeton-de-test' };
