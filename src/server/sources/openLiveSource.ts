/**
 * The live source CONTENT_SOURCE names, built from the checked configuration; null for `piquante`.
 */
import type { ContentSourceConfig } from '../config/contentSourceConfig.ts';
import type { OutboundPolicy } from '../security/guardedFetch.ts';
import type { LiveSource } from './liveSource.ts';
import { createGhostSource } from './ghost/ghostSource.ts';
import { createWordPressSource } from './wordpress/wordpressSource.ts';

export function openLiveSource(config: ContentSourceConfig, policy: OutboundPolicy, imageMaxBytes: number): LiveSource | null {
  if (config.kind === 'piquante') return null;
  if (config.kind === 'wordpress') {
    return createWordPressSource({
      url: config.url,
      credentials: config.credentials,
      policy,
      timeoutMs: config.timing.timeoutMs,
      maxBytes: config.timing.maxBytes,
      imageMaxBytes,
    });
  }
  return createGhostSource({
    url: config.url,
    contentKey: config.contentApiKey,
    adminKey: config.adminApiKey,
    webhookSecret: config.webhookSecret,
    policy,
    timeoutMs: config.timing.timeoutMs,
    maxBytes: config.timing.maxBytes,
    imageMaxBytes,
  });
}
