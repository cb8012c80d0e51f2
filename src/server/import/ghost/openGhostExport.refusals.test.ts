/**
 * Every file the Ghost reader must refuse, as a bare .json and inside a .zip: one French sentence
 * (ImportFileError), thrown by openGhostExport itself, so nothing is ever emitted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../importModel.ts';
import { openGhostExport } from './openGhostExport.ts';
import { makeZip, type ZipEntrySpec, type ZipSpec } from './testing/zipWriter.ts';

const dir = mkdtempSync(join(tmpdir(), 'ghost-refusals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GHOST_5 = readFileSync('tests/fixtures/import/ghost-5-lexical.json');
let n = 0;

function file(bytes: Uint8Array | string, ext: string): string {
  const path = join(dir, `f${n++}.${ext}`);
  writeFileSync(path, bytes);
  return path;
}

const zipOf = (entries: ZipEntrySpec[], spec?: ZipSpec): string => file(makeZip(entries, spec), 'zip');
const zipJson = (bytes: Uint8Array | string): string => zipOf([{ name: 'ghost.json', data: bytes }]);

async function refusal(path: string): Promise<string> {
  const error = await openGhostExport(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).message;
}

/** The same bytes, as a .json and as the JSON of a .zip: both refused with the same words. */
async function bothRefused(bytes: Uint8Array | string, words: RegExp): Promise<void> {
  expect(await refusal(file(bytes, 'json'))).toMatch(words);
  expect(await refusal(zipJson(bytes))).toMatch(words);
}

const ghost = (meta: unknown, data: unknown = { posts: [] }): string => JSON.stringify({ db: [{ meta, data }] });

describe('refusals of the JSON', () => {
  it('refuses a file that is not JSON', async () => {
    await bothRefused('Ceci n’est pas un export.', /n’est pas du JSON valide/);
    await bothRefused('{"db": [}', /n’est pas du JSON valide/);
  });

  it('refuses a truncated JSON, and says so', async () => {
    await bothRefused(GHOST_5.subarray(0, Math.floor(GHOST_5.length / 2)), /tronqué/);
    await bothRefused('{"db":[{"meta":{"version":"5.0.0"},"data":{"posts":[', /tronqué/);
  });

  it('refuses an empty file', async () => {
    await bothRefused('', /vide/);
  });

  it('refuses invalid UTF-8', async () => {
    const at = GHOST_5.indexOf('Camille Dupré');
    const bad = Buffer.concat([GHOST_5.subarray(0, at), Buffer.from([0xc3, 0x28]), GHOST_5.subarray(at + 2)]);
    await bothRefused(bad, /UTF-8/);
  });

  it('refuses JSON that is not a Ghost export', async () => {
    await bothRefused('{"posts":[]}', /n’est pas un export Ghost/);
    await bothRefused('[1, 2, 3]', /n’est pas un export Ghost/);
    await bothRefused(JSON.stringify({ db: [{ data: { posts: [] } }] }), /n’est pas un export Ghost/);
    await bothRefused(JSON.stringify({ db: [{ meta: { version: '5.0.0' } }] }), /n’est pas un export Ghost/);
  });

  it('refuses Ghost before version 4, saying which', async () => {
    await bothRefused(ghost({ exported_on: 1, version: '3.42.5' }), /Ghost 3\.42\.5 .*versions 4 à 6/);
    await bothRefused(ghost({ exported_on: 1, version: '1.25.0' }), /Ghost 1\.25\.0/);
  });
});

describe('refusals of the zip', () => {
  const json = { name: 'ghost.json', data: GHOST_5 };

  it('refuses names that escape the archive', async () => {
    for (const name of ['../ghost.json', 'content/images/../../etc/x.jpg', '/etc/passwd', 'C:/x.json', 'a\\..\\b.json']) {
      expect(await refusal(zipOf([json, { name, data: 'x' }]))).toMatch(/chemin dangereux/);
    }
  });

  it('refuses a symlink', async () => {
    const link = { name: 'content/images/lien.jpg', data: '/etc/passwd', unixMode: 0o120777 };
    expect(await refusal(zipOf([json, link]))).toMatch(/lien symbolique/);
  });

  it('refuses an encrypted zip', async () => {
    expect(await refusal(zipOf([{ ...json, encrypted: true }]))).toMatch(/chiffrée/);
  });

  it('refuses an entry inflating more than 100:1 past 1 MB', async () => {
    const bomb = { name: 'content/images/bombe.png', data: Buffer.alloc(2 * 1024 ** 2) };
    expect(await refusal(zipOf([json, bomb]))).toMatch(/anormalement compressé/);
  });

  it('refuses an entry whose declared size lies', async () => {
    expect(await refusal(zipOf([{ ...json, declaredSize: 100 }]))).toMatch(/ment sur la taille/);
  });

  it('refuses more than 2 GB once inflated', async () => {
    const big = 1.1 * 1024 ** 3;
    const huge = (name: string): ZipEntrySpec => ({
      name,
      data: 'x',
      method: 'store',
      declaredSize: big,
      declaredCompressedSize: big,
    });
    expect(await refusal(zipOf([json, huge('content/images/a.jpg'), huge('content/images/b.jpg')]))).toMatch(/2 Go/);
  });

  it('refuses more than 100 000 entries', async () => {
    expect(await refusal(zipOf([json], { fakeEntryCount: 100_001 }))).toMatch(/100001 fichiers/);
  });

  it('refuses a zip without a JSON', async () => {
    expect(await refusal(zipOf([{ name: 'content/images/a.jpg', data: 'x' }]))).toMatch(/aucun export JSON/);
  });

  it('refuses a zip with several JSON exports', async () => {
    const message = await refusal(zipOf([json, { name: 'ancien/ghost.json', data: GHOST_5 }]));
    expect(message).toMatch(/plusieurs fichiers JSON/);
    expect(message).toContain('ancien/ghost.json');
  });

  it('refuses a damaged zip', async () => {
    const zip = makeZip([json]);
    expect(await refusal(file(zip.subarray(0, zip.length - 10), 'zip'))).toMatch(/illisible ou tronquée/);
  });
});
