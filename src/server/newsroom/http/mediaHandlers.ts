/** The media library: list (images, sounds or both), upload (image variants or a sound, in MEDIA_DIR or S3), delete when unused. */
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson, json } from '../../http/responses.ts';
import { deleteMedia } from '../media/mediaDeletion.ts';
import { listMedia } from '../media/mediaQueries.ts';
import { uploadMedia } from '../media/mediaUpload.ts';
import { hasControlCharacter } from '../media/uploadRules.ts';
import { answer, editors, type NewsroomDeps, newsroomMessages, noContent, noStore, staffOnly } from './newsroomHttp.ts';
import { readUpload } from './uploadForm.ts';
import { inUseMessage } from '../../../lib/mediaInUseMessage.ts';
import { mediaUsages } from '../mediaUsage.ts';

const mediaSearchMessage = 'La recherche ne peut pas contenir de caractères de contrôle (retour à la ligne, tabulation…).';

export function mediaHandlers(deps: NewsroomDeps) {
  const { clock, storage } = deps;
  const limits = { imageBytes: deps.config.imageMaxBytes, audioBytes: deps.config.audioMaxBytes };
  // The body is bounded by the larger limit; each kind's own is checked once its bytes say what it is.
  const maxBytes = Math.max(limits.imageBytes, limits.audioBytes);
  return {
    listMedia: staffOnly(deps, null, '', async (ctx) => {
      const query = parseParams(contract.ListMediaQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const q = query.value.q ?? '';
      // PostgreSQL text cannot hold NUL, and no file name or alt text holds a control character: refused, not a 500.
      if (hasControlCharacter(q)) return errorJson(400, mediaSearchMessage, { q: mediaSearchMessage });
      return ctx.reply(
        200,
        {
          results: await listMedia(ctx.db, {
            limit: query.value.limit ?? 24,
            offset: query.value.offset ?? 0,
            q,
            ...(query.value.kind ? { kind: query.value.kind } : {}),
          }),
        },
        noStore,
      );
    }),
    uploadMedia: staffOnly(deps, null, '', async (ctx, session) => {
      const upload = await readUpload(ctx.request, maxBytes);
      if (!upload.ok) return upload.response;
      const result = await uploadMedia(ctx.db, session.member, upload.value, storage, clock.now(), limits);
      if (!result.ok) return errorJson(result.status, result.message, result.status === 400 ? { file: result.message } : undefined);
      return json(result.item, { status: result.created ? 201 : 200, ...noStore });
    }),
    deleteMedia: staffOnly(deps, editors, 'de supprimer des images de la médiathèque', async (ctx, session) => {
      const id = parseParams(contract.DeleteMediaParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const result = await deleteMedia(ctx.db, session.member, id.value.id, storage, clock.now());
      // Every format's use refuses, with the list of who to change first (mediaUsage.ts).
      if (!result.ok && result.kind === 'inUse') {
        const { mediaKind, usages } = result;
        return json({ error: 'conflict', message: inUseMessage(mediaKind, usages), usages }, { status: 409, ...noStore });
      }
      const asResult = result.ok ? { ok: true as const, value: null } : result;
      return answer(asResult, { member: session.member, what: '', notFound: newsroomMessages.media, ok: noContent });
    }),
    listMediaUsages: staffOnly(deps, null, '', async (ctx) => {
      const id = parseParams(contract.ListMediaUsagesParams, ctx.params, ['id']);
      if (!id.ok) return id.response;
      const used = await mediaUsages(ctx.db, id.value.id);
      if (!used) return errorJson(404, newsroomMessages.media);
      return ctx.reply(200, { usages: used.usages }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
