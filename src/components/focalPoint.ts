import type { Image } from '../api/types.ts';

/** Percent with at most one decimal: "33.3%", "50%". */
const percent = (fraction: number) => `${Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 10}%`;

/**
 * The CSS `object-position` that keeps an image's focal point in view when `object-fit: cover` crops it
 * (cards are 3:2 or square, the hero 3:2, whatever the upload's shape), or undefined without a focal
 * point: the browser's default, the centre. Both coordinates or none (the contract's rule).
 */
export function focalObjectPosition(image: Pick<Image, 'focalX' | 'focalY'>): string | undefined {
  const { focalX, focalY } = image;
  if (typeof focalX !== 'number' || typeof focalY !== 'number' || !Number.isFinite(focalX) || !Number.isFinite(focalY)) return undefined;
  return `${percent(focalX)} ${percent(focalY)}`;
}
