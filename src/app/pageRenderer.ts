/**
 * The page renderer of the server entry: TanStack Start's handler with a buffered render
 * (React's renderToString) instead of its streaming one. Every page is buffered whole before it
 * leaves (its CSP hashes, ETag and compression need the full HTML: src/server/http/pageAnswers.ts),
 * so streaming only cost text encoding and decoding chunk by chunk (issue 22's CPU profile).
 */
import { createServerEntry, createStartHandler, defaultRenderHandler } from '@tanstack/react-start/server';

export default createServerEntry({ fetch: createStartHandler(defaultRenderHandler) });
