/**
 * Every newsroom write commits with its audit line or not at all (issue 33): a trigger this test creates on
 * audit_log makes the audit insert fail inside the database, and each write must then leave every table as it
 * was — on PGlite and PostgreSQL (TEST_DATABASE_URL). The shared editorial workflow is driven through the
 * quotations (create, save, publish, restore); staff, sessions, categories and media through their own writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import type { Signed } from '../../testing/newsroomApi.ts';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

const mediaDir = mkdtempSync(join(tmpdir(), 'piquante-audit-tx-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds)('every write with its audit in one transaction on %s', (kind) => {
  const api = useNewsroomApi(kind, { MEDIA_DIR: mediaDir });
  const { request, signed } = api;

  /** Every public table's rows (audit_log aside), as one text per table: any change shows. */
  async function fingerprint(): Promise<Record<string, string>> {
    const { db } = api.database();
    const tables = (await db.execute(
      sql.raw(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'audit_log' ORDER BY 1",
      ),
    )) as unknown as { rows: { name: string }[] };
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const result = (await db.execute(
        sql.raw(`SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS h FROM "${name}" t`),
      )) as unknown as { rows: { n: number; h: string }[] };
      out[name] = `${result.rows[0]?.n}:${result.rows[0]?.h}`;
    }
    return out;
  }

  async function auditLines(): Promise<number> {
    const result = (await api.database().db.execute(sql.raw('SELECT count(*)::int AS n FROM audit_log'))) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  }

  /** Runs `write` while the audit insert fails in the database: it must fail, and nothing may have changed. */
  async function expectNothingWrittenWhenAuditFails(write: () => Promise<Response>) {
    const database = api.database();
    await database.exec(`
      CREATE OR REPLACE FUNCTION piquante_test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$;
      CREATE TRIGGER piquante_test_refuse_audit BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION piquante_test_refuse_audit();`);
    const before = await fingerprint();
    const lines = await auditLines();
    let status: number;
    try {
      status = await write().then(
        (response) => response.status,
        () => 500,
      );
    } finally {
      await database.exec('DROP TRIGGER piquante_test_refuse_audit ON audit_log; DROP FUNCTION piquante_test_refuse_audit();');
    }
    expect(status).toBe(500);
    expect(await fingerprint()).toEqual(before);
    expect(await auditLines()).toBe(lines);
  }

  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };

  const createQuotation = async (as: Signed, text: string) =>
    contract.CreateAdminQuotationResponse.parse(
      await ok(await request('POST', '/api/admin/quotations', { as, body: { text, author: 'Coco Chanel' } }), 201),
    );

  it('the trigger does refuse an audit line (the check can fail)', async () => {
    const editor = signed('editor');
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', '/api/admin/quotations', { as: editor, body: { text: 'Jamais écrite.', author: 'Personne' } }),
    );
    // Without the trigger, the same write goes through with its line.
    const lines = await auditLines();
    await createQuotation(editor, 'Écrite, cette fois.');
    expect(await auditLines()).toBe(lines + 1);
  });

  it('editorial workflow: save, publish and restore leave nothing when their audit fails', async () => {
    const editor = signed('editor');
    const created = await createQuotation(editor, 'La mode se démode, le style jamais.');
    const saved = contract.UpdateAdminQuotationResponse.parse(
      await ok(
        await request('PUT', `/api/admin/quotations/${created.id}`, {
          as: editor,
          body: { text: 'La mode se démode ; le style jamais.', author: 'Coco Chanel', version: created.version },
        }),
      ),
    );
    const version = saved.version;
    await expectNothingWrittenWhenAuditFails(() =>
      request('PUT', `/api/admin/quotations/${created.id}`, {
        as: editor,
        body: { text: 'Une troisième version.', author: 'Coco Chanel', version },
      }),
    );
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', `/api/admin/quotations/${created.id}/status`, { as: editor, body: { action: 'publish', version } }),
    );
    const revisions = contract.RevisionList.parse(
      await ok(await request('GET', `/api/admin/quotations/${created.id}/revisions`, { as: editor })),
    );
    const first = revisions.results.at(-1)?.id;
    expect(first).toBeDefined();
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', `/api/admin/quotations/${created.id}/revisions/${first}/restore`, { as: editor, body: { version } }),
    );
    // The restore itself works once the audit can be written, and is recorded.
    const lines = await auditLines();
    await ok(await request('POST', `/api/admin/quotations/${created.id}/revisions/${first}/restore`, { as: editor, body: { version } }));
    expect(await auditLines()).toBeGreaterThan(lines);
  });

  it('staff, sessions, categories and media: nothing written when their audit fails', async () => {
    const admin = signed('admin');
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', '/api/admin/staff', {
        as: admin,
        body: { email: 'sans-trace@piquante.test', name: 'Sans Trace', role: 'author', password: 'un mot de passe assez long' },
      }),
    );
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', '/api/admin/session', {
        body: { email: 'editor@piquante.test', password: 'un mot de passe assez long' },
        headers: { 'x-test-ip': '10.9.9.9' },
      }),
    );
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', '/api/admin/categories', { as: admin, body: { name: 'Rubrique fantôme', description: '', color: '#123456' } }),
    );
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), 'feuille.png');
    form.set('alt', 'Une feuille');
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    await expectNothingWrittenWhenAuditFails(() =>
      request('POST', '/api/admin/media', {
        as: signed('editor'),
        body,
        headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      }),
    );
  });
});
