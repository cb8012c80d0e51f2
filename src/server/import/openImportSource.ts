/** The reader for a source kind: what the command and the newsroom's job open a file with. */
import { openGhostExport } from './ghost/openGhostExport.ts';
import { type ImportSource, type ImportSourceKind, ImportFileError } from './importModel.ts';
import { openWordPressExport } from './wordpress/wxrReader.ts';

export const IMPORT_SOURCE_KINDS: readonly ImportSourceKind[] = ['wordpress', 'ghost'];

export function isImportSourceKind(value: string): value is ImportSourceKind {
  return (IMPORT_SOURCE_KINDS as readonly string[]).includes(value);
}

export interface OpenOptions {
  /** WordPress: a copy of wp-content/uploads. */
  uploadsDir?: string | null;
  /** Ghost: the old site's address (its export does not say it), for `__GHOST_URL__` and old links. */
  siteUrl?: string | null;
}

export async function openImportSource(kind: ImportSourceKind, file: string, options: OpenOptions = {}): Promise<ImportSource> {
  if (kind === 'wordpress') return openWordPressExport(file, { uploadsDir: options.uploadsDir ?? null });
  if (kind === 'ghost') return openGhostExport(file, { siteUrl: options.siteUrl ?? null });
  throw new ImportFileError(`Source inconnue : ${String(kind)}.`);
}
