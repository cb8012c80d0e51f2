/**
 * Demo media made on the fly from their key: '/media/svg/<kind>/<key>.svg' and
 * '/media/audio/<key>.wav'. Deterministic, so they are cached as immutable.
 */
import { isMediaKind, isValidMediaKey, renderSvgImage } from '../media/svgImage.ts';
import { renderWavAudio } from '../media/wavAudio.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(): Response {
  return new Response('Média introuvable.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' },
  });
}

export function handleMediaRequest(url: URL): Response {
  const svg = /^\/media\/svg\/([a-z]+)\/([^/]+)\.svg$/.exec(url.pathname);
  if (svg) {
    const [, kind = '', key = ''] = svg;
    if (!isMediaKind(kind) || !isValidMediaKey(key)) return notFound();
    return new Response(renderSvgImage(kind, key), {
      headers: {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const audio = /^\/media\/audio\/([^/]+)\.wav$/.exec(url.pathname);
  if (audio) {
    const [, key = ''] = audio;
    if (!isValidMediaKey(key)) return notFound();
    const body = renderWavAudio(key);
    return new Response(body.slice().buffer, {
      headers: { 'content-type': 'audio/wav', 'cache-control': IMMUTABLE, 'content-length': String(body.byteLength) },
    });
  }
  return notFound();
}
