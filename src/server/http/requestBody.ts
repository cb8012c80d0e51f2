/**
 * Refusing a request whose body is still arriving (413, 415, 429…): cancelling the body would reset the
 * connection under the client, which is still sending, and most clients (Node's fetch among them) would
 * report the reset instead of our answer. So the rest is read and dropped in the background, up to a
 * bound in bytes and in time; only a client that keeps sending past it has its connection cut.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 15_000;

/** Drops what is left of `request`'s body (from `reader` when the caller already started reading). */
export function drainBody(request: Request, reader?: ReadableStreamDefaultReader<Uint8Array>): void {
  let source = reader;
  if (!source) {
    if (!request.body || request.bodyUsed) return;
    source = request.body.getReader();
  }
  const stream = source;
  const timer = setTimeout(() => void stream.cancel().catch(() => {}), DRAIN_MAX_MS);
  timer.unref?.();
  void (async () => {
    let seen = 0;
    try {
      for (;;) {
        const { done, value } = await stream.read();
        if (done) break;
        seen += value.byteLength;
        if (seen > DRAIN_MAX_BYTES) {
          await stream.cancel();
          break;
        }
      }
    } catch {
      // The client went away: nothing left to drain.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/** The body bytes, or null when they exceed `maxBytes` (the rest is then drained, not read). */
export async function readCappedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      drainBody(request, reader);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
