/**
 * Renders the API reference (scripts/lib/apiDocs.ts) into generated/api-docs.html.
 *
 *   npm run api:docs                 always
 *   npm run api:docs -- --if-stale   only when missing or older than the contract
 */
import path from 'node:path';
import { API_DOCS_FILE, apiDocsStale, generateApiDocs } from './lib/apiDocs.ts';

const where = path.relative(process.cwd(), API_DOCS_FILE);
if (process.argv.includes('--if-stale') && !apiDocsStale()) {
  console.log(`api:docs: ${where} already up to date`);
} else {
  generateApiDocs();
  console.log(`api:docs: ${where} written`);
}
