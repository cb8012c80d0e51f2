/**
 * The media library's storage as the environment configures it (MEDIA_DIR, or MEDIA_S3_* for a bucket),
 * read once by readServerConfig; scripts call it with their own environment.
 */
import { join, resolve } from 'node:path';
import { directoryStorage, type MediaStorage, s3Storage } from '../newsroom/mediaStorage.ts';

/** The storage the environment configures: the bucket when MEDIA_S3_BUCKET is set (all its settings then required). */
export function mediaStorageFromEnv(env: NodeJS.ProcessEnv): MediaStorage {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) {
    const dir = env.MEDIA_DIR?.trim() ? resolve(env.MEDIA_DIR.trim()) : join(resolve(env.DATA_DIR ?? './.data'), 'media');
    return directoryStorage(dir);
  }
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`MEDIA_S3_BUCKET is set: ${name} is needed too.`);
    return value;
  };
  const prefix = (env.MEDIA_S3_PREFIX ?? 'media/').trim();
  return s3Storage({
    endpoint: need('MEDIA_S3_ENDPOINT'),
    bucket,
    region: env.MEDIA_S3_REGION?.trim() || 'us-east-1',
    accessKeyId: need('MEDIA_S3_ACCESS_KEY_ID'),
    secretAccessKey: need('MEDIA_S3_SECRET_ACCESS_KEY'),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  });
}
