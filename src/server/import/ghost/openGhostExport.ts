/**
 * Ghost's export (Settings → Export, Ghost 4 to 6) as an ImportSource: a `.json`, or a `.zip`
 * holding that JSON and the site's `content/images/`. The file is read twice, streaming: the first
 * pass checks it is a Ghost export and keeps the small tables (users, tags, links, posts_meta,
 * settings) and the number of posts; the second emits authors, tags, then posts and pages. A file
 * that is not right is refused by the first pass, before anything is emitted.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type ImportEvent, ImportFileError, type ImportSource } from '../importModel.ts';
import { ghostPost } from './ghostPost.ts';
import { ghostRowBatches } from './ghostRows.ts';
import { GhostTablesBuilder, type GhostTables, SMALL_TABLES } from './ghostTables.ts';
import { contentImagePath } from './ghostUrls.ts';
import { type GhostZip, openGhostZip } from './ghostZip.ts';
import { isRecord } from './html.ts';

export interface GhostExportOptions {
  /** The old site's address (Ghost's export does not say it): `__GHOST_URL__` becomes it. */
  siteUrl?: string | null;
}

export async function openGhostExport(file: string, options: GhostExportOptions = {}): Promise<ImportSource> {
  const zip = (await isZip(file)) ? await openGhostZip(file) : null;
  try {
    const what = zip ? `Le fichier ${zip.jsonName} de l’archive` : 'Le fichier';
    const openJson = zip ? () => zip.openJson() : async () => createReadStream(file);
    const tables = await firstPass(await openJson(), what);
    const siteUrl = options.siteUrl ?? tables.settings.get('url') ?? null;
    return {
      kind: 'ghost',
      siteUrl,
      postCount: tables.postCount,
      events: () => events(tables, openJson, what, siteUrl),
      readImage: async (url) => readImage(zip, url),
      close: async () => zip?.close(),
    };
  } catch (error) {
    zip?.close();
    throw error;
  }
}

async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => {
    throw new ImportFileError(`Le fichier ${file} est introuvable ou illisible.`);
  });
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    // Local file header, or the end record of an empty archive.
    return bytesRead === 4 && head.readUInt16LE(0) === 0x4b50 && [0x0403, 0x0605].includes(head.readUInt16LE(2));
  } finally {
    await handle.close();
  }
}

async function firstPass(bytes: Readable, what: string): Promise<GhostTables> {
  const builder = new GhostTablesBuilder();
  let hasData = false;
  for await (const items of ghostRowBatches(bytes, what, (table) => SMALL_TABLES.has(table))) {
    for (const item of items) {
      if (item.kind === 'meta') builder.meta(item.meta);
      else if (item.kind === 'row') builder.row(item.table, item.row);
      else if (item.kind === 'skippedRow' && item.table === 'posts') builder.countPost();
      else if (item.kind === 'end') hasData = item.hasData;
    }
  }
  const tables = builder.finish();
  if (!hasData || tables.version === null) {
    throw new ImportFileError(
      `${what} n’est pas un export Ghost (il y manque « db[0].data » ou « meta.version ») : exportez le site depuis Ghost, Réglages → Export.`,
    );
  }
  const major = Number.parseInt(tables.version, 10);
  if (!Number.isFinite(major) || major < 4) {
    throw new ImportFileError(
      `Cet export vient de Ghost ${tables.version} : seules les versions 4 à 6 sont prises en charge (mettez Ghost à jour, puis exportez de nouveau).`,
    );
  }
  return tables;
}

async function* events(
  tables: GhostTables,
  openJson: () => Promise<Readable>,
  what: string,
  siteUrl: string | null,
): AsyncGenerator<ImportEvent> {
  for (const user of tables.users) {
    yield { type: 'author', author: { sourceId: user.id, slug: user.slug, name: user.name } };
  }
  for (const tag of tables.tags) {
    yield {
      type: 'tag',
      term: {
        sourceId: tag.id,
        slug: tag.slug,
        name: tag.name,
        description: tag.description,
        parentSourceId: null,
        internal: tag.internal,
        // An internal tag never had a public page.
        oldUrls: tag.internal ? [] : [`/tag/${tag.slug}/`],
      },
    };
  }
  for await (const items of ghostRowBatches(await openJson(), what, (table) => table === 'posts')) {
    for (const item of items) {
      if (item.kind !== 'row' || !isRecord(item.row)) continue;
      const post = ghostPost(item.row, tables, siteUrl);
      if (post) yield { type: 'post', post };
    }
  }
}

async function readImage(zip: GhostZip | null, url: string): Promise<Uint8Array | null> {
  if (!zip) return null;
  const path = contentImagePath(url);
  return path === null ? null : zip.readImage(path);
}
