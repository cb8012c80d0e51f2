import { join, resolve } from 'node:path';

/** Where the media library's files are, or null when they live in a bucket (backed up by its provider). */
export function mediaDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.MEDIA_S3_BUCKET?.trim()) return null;
  return env.MEDIA_DIR?.trim() ? resolve(env.MEDIA_DIR.trim()) : join(resolve(env.DATA_DIR ?? './.data'), 'media');
}
