/**
 * Before any test file: the API reference page that /api/docs serves, which is generated and not
 * committed, so the tests work from a clean clone.
 */
import { apiDocsStale, generateApiDocs } from '../lib/apiDocs.ts';

export default function setup(): void {
  if (apiDocsStale()) generateApiDocs();
}
