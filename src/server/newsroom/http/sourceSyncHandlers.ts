/**
 * The live source (issue 35) in the newsroom: where its copy stands (progress, last pass, the outage under way), its
 * drafts with their signed preview links, and the preview page's answer (`/apercu-source/{token}`).
 */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import { SourceUnavailable } from '../../sources/liveSource.ts';
import { openSourcePreview, sourceDraftLinks } from '../../sources/sourcePreview.ts';
import { sourceSyncSummary } from '../../sources/syncState.ts';
import { editors, type NewsroomDeps, newsroomMessages, noStore, staffOnly } from './newsroomHttp.ts';

/** A draft is read live at each opening: a source slower than this is said to be unavailable, not waited for. */
const PREVIEW_READ_MS = 10_000;

/** The source's own outage: asked again in a minute (the same as a reader would). */
const RETRY = { 'retry-after': '60' };

export const sourcePreviewMessages = {
  unavailable: (label: string) => `${label} ne répond pas pour l’instant : l’aperçu du brouillon est impossible, réessayez dans un moment.`,
} as const;

export function sourceSyncHandlers(deps: NewsroomDeps) {
  const log = (line: string) => console.error(line);
  return {
    getSourceSync: staffOnly(deps, null, '', async (ctx) => {
      const source = deps.liveSource ? await sourceSyncSummary(ctx.db, deps.liveSource.kind, deps.liveSource.label) : null;
      return ctx.reply(200, { source }, noStore);
    }),
    listSourceDrafts: staffOnly(deps, editors, 'de voir les brouillons de la source', async (ctx) => {
      const source = deps.draftSource;
      if (!source || !deps.liveSource) return ctx.reply(200, { source: null, enabled: false, drafts: [] }, noStore);
      if (!source.readsDrafts) return ctx.reply(200, { source: deps.liveSource.label, enabled: false, drafts: [] }, noStore);
      try {
        const drafts = await sourceDraftLinks(source, await deps.secretOf(ctx.db), deps.clock.now(), AbortSignal.timeout(PREVIEW_READ_MS));
        return ctx.reply(200, { source: deps.liveSource.label, enabled: true, drafts }, noStore);
      } catch (error) {
        if (!(error instanceof SourceUnavailable) && !(error instanceof DOMException)) throw error;
        // The adapters' sentences name a path, never a key.
        log(`[sources] drafts not listed: ${(error as Error).message}`);
        return errorJson(503, sourcePreviewMessages.unavailable(source.label), undefined, RETRY);
      }
    }),
    getSourceDraftPreview: async (ctx) => {
      const params = parseParams(contract.GetSourceDraftPreviewParams, ctx.params, []);
      if (!params.ok) return params.response;
      const source = deps.draftSource;
      if (!source) return errorJson(404, newsroomMessages.preview);
      try {
        const article = await openSourcePreview(
          ctx.db,
          source,
          await deps.secretOf(ctx.db),
          params.value.token,
          deps.clock.now(),
          AbortSignal.timeout(PREVIEW_READ_MS),
        );
        if (!article) return errorJson(404, newsroomMessages.preview);
        return ctx.reply(200, { result: article, url: article.url }, noStore);
      } catch (error) {
        if (!(error instanceof SourceUnavailable) && !(error instanceof DOMException)) throw error;
        log(`[sources] draft preview not read: ${(error as Error).message}`);
        return errorJson(503, sourcePreviewMessages.unavailable(source.label), undefined, RETRY);
      }
    },
  } satisfies ApiHandlerTable;
}
