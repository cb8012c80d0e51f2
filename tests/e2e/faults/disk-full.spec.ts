/**
 * Fault suite (issue 23): the disk full under DATA_DIR, for real — the embedded database (PGlite) and the media
 * library on a small tmpfs that a filler file fills up. Writes are refused with a French sentence (signups and
 * newsroom saves: 503 with Retry-After, the database's SQLSTATE 53100; an upload: 507 or 503), nothing
 * half-written (the refused signup is not there, no image file left behind), pages and API reads go on, the
 * process stays up; once space is freed, writes work again and what was acknowledged before is all there.
 * Needs root to mount the tmpfs (CI runs as root); outside CI without it, the test says so and is skipped.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createStaff, STAFF_PASSWORD } from '../support/newsroom.ts';
import { type OwnServer, postSignup, startOwnServer } from '../support/ownServer.ts';

function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
    return true;
  } catch (error) {
    if (process.env.CI) throw error;
    return false;
  }
}

/** Writes zeros until the file system refuses (ENOSPC). */
function fillUp(path: string) {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(256 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

test('the disk full under DATA_DIR: writes refused in French, reads go on, nothing half-written, all back once space is freed', async () => {
  test.setTimeout(240_000);
  const mountPoint = mkdtempSync(join(tmpdir(), 'piquante-disk-full-'));
  const mounted = mountTmpfs(mountPoint, '200m');
  test.skip(!mounted, 'mounting a tmpfs needs root (CI runs as root)');
  const dataDir = join(mountPoint, 'data');
  mkdirSync(dataDir);
  const filler = join(mountPoint, 'filler');
  let server: OwnServer | undefined;
  try {
    await createStaff(dataDir, 'disque@piquante.test', 'Rédaction', 'editor');
    server = await startOwnServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    const base = server.baseUrl;
    const session = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'disque@piquante.test', password: STAFF_PASSWORD }),
    });
    const staff = {
      cookie: (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      'x-csrf-token': ((await session.json()) as { csrfToken: string }).csrfToken,
      origin: base,
    };
    const draft = (await (
      await fetch(`${base}/api/admin/articles`, {
        method: 'POST',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Écrit avant que le disque ne soit plein',
          subtitle: 'Un chapô',
          categorySlug: 'mode',
          stamp: null,
          mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texte.' }] }] },
        }),
      })
    ).json()) as { id: number; version: number; title: string };
    const before = Array.from({ length: 5 }, (_, i) => `avant-${i}@exemple.fr`);
    for (const email of before) expect((await postSignup(base, email)).outcome).toBe('success');
    await fetch(`${base}/mode`); // in the page cache, as a reader left it

    fillUp(filler);

    // Readers keep signing up: what still fits in the database's pages is acknowledged (and must be kept); the
    // first write that needs a new page is refused, said in French, with when to try again, and not stored.
    const during: string[] = [];
    let refusal: Response | null = null;
    let refusedEmail = '';
    for (let i = 0; i < 400 && !refusal; i++) {
      const email = `pendant-${i}@exemple.fr`;
      const form = new FormData();
      form.append('people_register_email', email);
      form.append('people_register_codepostal', '75011');
      form.append('people_register_newslettertype', '1');
      form.append('g-recaptcha-response', '');
      const answer = await fetch(`${base}/newsletter/inscriptionajaxlight-e2e`, { method: 'POST', body: form });
      if (answer.status === 200) during.push(email);
      else {
        refusal = answer;
        refusedEmail = email;
      }
    }
    if (!refusal) throw new Error('the disk never filled up');
    expect(refusal.status).toBe(503);
    expect(refusal.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refusal.json()) as { message: string }).message).toMatch(/disque du serveur est plein/);

    // The newsroom: saves go on until one needs room, which is refused the same way; the draft keeps its last saved version.
    let saved = draft;
    let refusedSave: Response | null = null;
    for (let i = 0; i < 200 && !refusedSave; i++) {
      const answer = await fetch(`${base}/api/admin/articles/${draft.id}`, {
        method: 'PUT',
        headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({
          version: saved.version,
          title: `Version ${i} ${'du texte '.repeat(40)}`.slice(0, 200),
          subtitle: 'Un chapô',
          categorySlug: 'mode',
          stamp: null,
          mainImage: { url: '/media/svg/article/x.svg', alt: 'Une image', width: 1200, height: 800 },
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Texte ${i} ${'long '.repeat(400)}` }] }] },
        }),
      });
      if (answer.status === 200) saved = (await answer.json()) as typeof draft;
      else refusedSave = answer;
    }
    if (!refusedSave) throw new Error('no save was refused');
    expect(refusedSave.status).toBe(503);
    expect(((await refusedSave.json()) as { message: string }).message).toMatch(/disque du serveur est plein/);

    // An upload: refused in French (its files cannot be written, or its row), no file left behind.
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 16, b: 46 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(photo)]), 'photo.jpg');
    form.set('alt', 'Une photo');
    const upload = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: staff, body: form });
    expect([503, 507]).toContain(upload.status);
    expect(((await upload.json()) as { message: string }).message).toMatch(/plein|place|disque/i);
    const library = join(dataDir, 'media', 'library');
    expect(existsSync(library) ? readdirSync(library) : []).toEqual([]);

    // Reads go on: pages, the API, the newsroom's own lists.
    expect((await fetch(`${base}/mode`)).status).toBe(200);
    expect((await fetch(`${base}/api/articles?limit=3`)).status).toBe(200);
    expect((await fetch(`${base}/api/admin/articles/${draft.id}`, { headers: staff })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    rmSync(filler);

    // Space is back: writes work again, and nothing acknowledged was lost.
    expect((await postSignup(base, 'apres@exemple.fr')).outcome).toBe('success');
    expect((await postSignup(base, refusedEmail)).outcome).toBe('success'); // it was never stored
    for (const email of [...before, ...during]) expect((await postSignup(base, email)).outcome, email).toBe('already');
    const current = (await (await fetch(`${base}/api/admin/articles/${draft.id}`, { headers: staff })).json()) as {
      version: number;
      title: string;
    };
    expect(current).toMatchObject({ version: saved.version, title: saved.title });
    expect((await fetch(`${base}/api/admin/media`, { method: 'POST', headers: staff, body: form })).status).toBe(201);
  } finally {
    await server?.kill('SIGTERM');
    try {
      execFileSync('umount', [mountPoint]);
    } catch {
      // Not mounted (skipped).
    }
    rmSync(mountPoint, { recursive: true, force: true });
  }
});
