/** Filling a spec's media library through the API, as the upload form does: more images than a picker's page. */
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { signedApi } from './newsroom.ts';

/**
 * Uploads one small PNG per image, in the order given (so the first is the oldest), each of its own colour;
 * answers each image's library address by its alt text.
 */
export async function seedLibraryImages(
  baseUrl: string,
  email: string,
  images: readonly { name: string; alt: string }[],
): Promise<Map<string, string>> {
  const { api, csrf } = await signedApi(baseUrl, email);
  const urls = new Map<string, string>();
  for (const [i, { name, alt }] of images.entries()) {
    const png = await sharp({
      create: { width: 60, height: 40, channels: 3, background: { r: (8 * i) % 256, g: 120, b: 200 - ((5 * i) % 200) } },
    })
      .png()
      .toBuffer();
    const response = await api.post('/api/admin/media', {
      headers: { 'x-csrf-token': csrf, origin: baseUrl },
      multipart: { file: { name, mimeType: 'image/png', buffer: png }, alt },
    });
    expect(response.status()).toBe(201);
    urls.set(alt, ((await response.json()) as { url: string }).url);
  }
  await api.dispose();
  return urls;
}

/** 30 images, more than a picker's page of 24: the oldest named and described as given, the others "lot-N". */
export function libraryOfThirty(oldest: readonly { name: string; alt: string }[]): { name: string; alt: string }[] {
  return Array.from({ length: 30 }, (_, i) => oldest[i] ?? { name: `lot-${i}.png`, alt: `Image de lot numéro ${i}` });
}
