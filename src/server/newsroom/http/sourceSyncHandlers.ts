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
import { readSourcePreviewImage } from '../../sources/sourcePreviewImages.ts';
import { sourceSyncSummary } from '../../sources/syncState.ts';
import { editors, type NewsroomDeps, newsroomMessages, noStore, staffOnly } from './newsroomHttp.ts';

/** A draft is read live at each opening: a source slower than this is said to be unavailable, not waited for. */
const PREVIEW_READ_MS = 10_000;

/** The source's own outage: asked again in a minute (the same as a reader would). */
const RETRY = { 'retry-after': '60' };

export const sourcePreviewMessages = {
  unavailable: (label: string) => `${label} ne répond pas pour l’instant : l’aperçu du brouillon est impossible, réessayez dans un moment.`,
  notInDraft: 'Cette image ne fait pas partie du brouillon.',
  elsewhere: (label: string) => `Cette image n’est pas servie par ${label} lui-même : l’aperçu ne la montre pas.`,
  unreadable: (label: string) => `Cette image n’a pas pu être lue dans ${label}, ou ce n’est pas une image JPEG, PNG, WebP ni AVIF.`,
} as const;

/**
 * A draft's image, as the source serves it: private to whoever holds the link, never kept by a shared cache, never
 * indexed, never taken for anything but an image (the bytes were sniffed).
 */
const PREVIEW_IMAGE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

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
    getSourceDraftPreviewImage: async (ctx) => {
      const params = parseParams(contract.GetSourceDraftPreviewImageParams, ctx.params, ['n']);
      if (!params.ok) return params.response;
      const source = deps.draftSource;
      if (!source) return errorJson(404, newsroomMessages.preview);
      try {
        const answer = await readSourcePreviewImage(
          source,
          await deps.secretOf(ctx.db),
          params.value.token,
          params.value.n,
          deps.clock.now(),
          AbortSignal.timeout(PREVIEW_READ_MS),
        );
        if (!answer.ok) {
          const message =
            answer.why === 'token'
              ? newsroomMessages.preview
              : answer.why === 'not-in-draft'
                ? sourcePreviewMessages.notInDraft
                : answer.why === 'elsewhere'
                  ? sourcePreviewMessages.elsewhere(source.label)
                  : sourcePreviewMessages.unreadable(source.label);
          return errorJson(404, message);
        }
        return new Response(answer.bytes.slice().buffer, {
          status: 200,
          headers: { ...PREVIEW_IMAGE_HEADERS, 'content-type': answer.contentType, 'content-length': String(answer.bytes.byteLength) },
        });
      } catch (error) {
        if (!(error instanceof SourceUnavailable) && !(error instanceof DOMException)) throw error;
        log(`[sources] draft preview image not read: ${(error as Error).message}`);
        return errorJson(503, sourcePreviewMessages.unavailable(source.label), undefined, RETRY);
      }
    },
  } satisfies ApiHandlerTable;
}
