/**
 * Imports from the newsroom (admins, issue 20): the export file is streamed to the server's disk (never
 * whole in memory), a run is recorded and its job queued in one transaction; the admin follows the run.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { Database } from '../../../db/client.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { drainBody } from '../../http/requestBody.ts';
import { errorJson } from '../../http/responses.ts';
import { adminImportRun, createImportRun, listImportRuns } from '../../import/importRuns.server.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { audit } from '../audit.server.ts';
import { admins, type NewsroomDeps, noStore, staffOnly } from './newsroomHttp.ts';

const what = 'de lancer ou de suivre un import';

export const importMessages = {
  type: 'Envoyez le fichier d’export tel quel (application/octet-stream).',
  empty: 'Le fichier d’export est vide.',
  tooLarge: (max: number) => `Le fichier d’export est trop lourd : ${Math.floor(max / (1024 * 1024))} Mo au plus.`,
  notFound: 'Cet import n’existe pas.',
  full: 'Le disque du serveur est plein : le fichier n’a pas été enregistré.',
} as const;

/** The body to `path`, at most `max` bytes: true, or 'too-large' (the file is removed). */
async function saveBody(request: Request, path: string, max: number): Promise<number | 'too-large'> {
  if (!request.body) return 0;
  let size = 0;
  const reader = request.body.getReader();
  const source = new Readable({
    async read() {
      try {
        const { done, value } = await reader.read();
        if (done) return void this.push(null);
        size += value.byteLength;
        if (size > max) {
          drainBody(request, reader);
          return void this.destroy(new Error('too-large'));
        }
        this.push(value);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
  try {
    await pipeline(source, createWriteStream(path, { flags: 'wx', mode: 0o600 }) as Writable);
    return size;
  } catch (error) {
    await rm(path, { force: true });
    if ((error as Error).message === 'too-large') return 'too-large';
    throw error;
  }
}

export function importHandlers(deps: NewsroomDeps, jobs: Pick<JobQueue, 'enqueue'>) {
  const { clock } = deps;
  const max = deps.config.importMaxBytes;
  const dir = deps.config.importDir;
  return {
    listImports: staffOnly(deps, admins, what, async (ctx) => {
      const query = parseParams(contract.ListImportsQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const results = await listImportRuns(ctx.db, {
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      return ctx.reply(200, { results }, noStore);
    }),
    getImport: staffOnly(deps, admins, what, async (ctx) => {
      const id = parseParams(contract.GetImportParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const run = await adminImportRun(ctx.db, id.value.id);
      if (!run) return errorJson(404, importMessages.notFound);
      return ctx.reply(200, run, noStore);
    }),
    startImport: staffOnly(deps, admins, what, async (ctx, session) => {
      const raw = queryRecord(ctx.url);
      // A query string carries text: the contract's boolean is written true / false.
      const record: Record<string, unknown> = { ...raw };
      if (raw.dryRun === 'true' || raw.dryRun === 'false') record.dryRun = raw.dryRun === 'true';
      const query = parseParams(contract.StartImportQueryParams, record as Record<string, string>, []);
      if (!query.ok) {
        drainBody(ctx.request);
        return query.response;
      }
      const type = (ctx.request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/octet-stream') {
        drainBody(ctx.request);
        return errorJson(415, importMessages.type);
      }
      if (Number(ctx.request.headers.get('content-length') ?? '0') > max) {
        drainBody(ctx.request);
        return errorJson(413, importMessages.tooLarge(max));
      }
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, `${randomUUID()}.upload`);
      let saved: number | 'too-large';
      try {
        saved = await saveBody(ctx.request, path, max);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EDQUOT') return errorJson(507, importMessages.full);
        throw error;
      }
      if (saved === 'too-large') return errorJson(413, importMessages.tooLarge(max));
      if (saved === 0) {
        await rm(path, { force: true });
        return errorJson(400, importMessages.empty, { file: importMessages.empty });
      }
      const now = clock.now();
      const runId = await (ctx.db as Database).transaction(async (tx) => {
        const run = await createImportRun(tx, {
          source: query.value.source,
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
          fileName: query.value.fileName.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'export',
          filePath: path,
          dryRun: query.value.dryRun ?? false,
          categorySlug: query.value.category ?? null,
          pagesCategorySlug: query.value.pagesCategory ?? null,
          startedBy: session.member.id,
          now,
        });
        await jobs.enqueue('import.run', { runId: run.id }, { tx });
        await audit(
          tx,
          session.member,
          { action: 'import.start', entity: 'import', entityId: run.id, detail: { source: run.source, bytes: saved, dryRun: run.dryRun } },
          now,
        );
        return run.id;
      });
      const run = await adminImportRun(ctx.db, runId);
      if (!run) throw new Error(`import run ${runId} missing after insert`);
      return ctx.reply(202, run, noStore);
    }),
  } satisfies ApiHandlerTable;
}
