/** Where the shared e2e server's proxy writes the API traffic down (playwright.config.ts → scripts/e2e-server.mjs). */
import { resolve } from 'node:path';

export const CONTRACT_TRAFFIC_LOG = resolve(import.meta.dirname, '../../../.e2e/contract-traffic.jsonl');
