/**
 * The media library when its storage fails (issue 23): a full disk (ENOSPC, injected on the third file) and an
 * unreachable or refusing bucket. The upload is refused in French (507 / 503), nothing is half-written (the
 * variants already stored are removed, no row points at missing files), and the next upload works again.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { mediaFileResponse } from '../media/mediaFiles.ts';
import { storageMessages, uploadMedia } from './media/mediaUpload.ts';
import { directoryStorage, type MediaStorage } from './mediaStorage.ts';
import { createStaff, type StaffMember } from './staff.server.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../config/newsroomConfig.ts';

const image = () =>
  sharp({ create: { width: 1800, height: 900, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    .jpeg()
    .toBuffer();

/** A directory storage whose `put` fails from the `failAt`-th call on, as `make` says. */
function failing(dir: string, failAt: number, make: () => Error): MediaStorage & { calls: number } {
  const inner = directoryStorage(dir);
  const store = {
    ...inner,
    calls: 0,
    async put(name: string, bytes: Uint8Array, type: string) {
      store.calls++;
      if (store.calls >= failAt) throw make();
      await inner.put(name, bytes, type);
    },
  };
  return store;
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe.each(testDatabaseKinds)('media storage failures on %s', (kind) => {
  let database: TestDatabase;
  let member: StaffMember;
  const dir = mkdtempSync(join(tmpdir(), 'piquante-media-faults-'));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    member = await createStaff(database.db, {
      email: 'e@piquante.test',
      name: 'Éditrice',
      role: 'editor',
      password: 'un mot de passe assez long',
    });
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const input = async () => ({ bytes: new Uint8Array(await image()), alt: 'Un piment', focalX: null, focalY: null });

  it('a full disk: 507 in French, no file and no row left; once there is room, the same upload works', async () => {
    const full = failing(dir, 3, enospc);
    const refused = await uploadMedia(database.db, member, await input(), full, new Date(), DEFAULT_UPLOAD_LIMITS);
    expect(refused).toEqual({ ok: false, status: 507, message: storageMessages.full });
    expect(full.calls).toBe(3);
    expect(readdirSync(dir)).toEqual([]);
    expect(await database.db.select().from(media)).toEqual([]);
    const stored = await uploadMedia(database.db, member, await input(), directoryStorage(dir), new Date(), DEFAULT_UPLOAD_LIMITS);
    expect(stored.ok).toBe(true);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
    await database.db.delete(media);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a bucket that is unreachable or answers 500/403: 503 in French, nothing half-written', async () => {
    for (const make of [
      () => new TypeError('fetch failed'),
      () => new Error('S3 PUT x: 500 InternalError'),
      () => new Error('S3 PUT x: 403 AccessDenied'),
    ]) {
      const away = failing(dir, 2, make);
      const refused = await uploadMedia(database.db, member, await input(), away, new Date(), DEFAULT_UPLOAD_LIMITS);
      expect(refused).toEqual({ ok: false, status: 503, message: storageMessages.unavailable });
      expect(await database.db.select().from(media)).toEqual([]);
    }
  });

  it('readers keep getting the images they were getting while the bucket is away, the others a 503, never a 500', async () => {
    const store = directoryStorage(dir);
    await store.put(`${'a'.repeat(64)}-480.webp`, new Uint8Array([1, 2, 3]), 'image/webp');
    let away = false;
    const bucket: MediaStorage = {
      ...store,
      async get(name) {
        if (away) throw new TypeError('fetch failed');
        return store.get(name);
      },
    };
    expect((await mediaFileResponse(`/media/library/${'a'.repeat(64)}-480.webp`, bucket))?.status).toBe(200);
    away = true;
    const kept = await mediaFileResponse(`/media/library/${'a'.repeat(64)}-480.webp`, bucket);
    expect(kept?.status).toBe(200);
    expect(new Uint8Array(await (kept as Response).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const other = await mediaFileResponse(`/media/library/${'b'.repeat(64)}-480.webp`, bucket);
    expect(other?.status).toBe(503);
    expect(other?.headers.get('retry-after')).toBe('30');
    expect(other?.headers.get('cache-control')).toBe('no-store');
  });
});
