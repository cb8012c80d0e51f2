/**
 * Deterministic abstract editorial illustrations, served as `/media/svg/<kind>/<key>.svg`.
 * Same (kind, key, size) → same bytes. No text, no external reference, a few hundred bytes to ~2.5 KB.
 */
import { hashKey, seededRandom } from './hash.ts';

export const MEDIA_KINDS = [
  'article',
  'quiz',
  'answer',
  'result',
  'mosaic',
  'contest',
  'repartee',
  'shopping',
  'instagram',
  'popin',
  'category',
] as const;

export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface MediaSize {
  width: number;
  height: number;
}

/** Intrinsic size of each kind of picture when the URL does not ask for another one. */
export const DEFAULT_MEDIA_SIZES: Readonly<Record<MediaKind, MediaSize>> = {
  article: { width: 1200, height: 800 },
  quiz: { width: 1200, height: 800 },
  answer: { width: 600, height: 600 },
  result: { width: 1200, height: 800 },
  mosaic: { width: 1000, height: 1250 },
  contest: { width: 1200, height: 800 },
  repartee: { width: 1200, height: 800 },
  shopping: { width: 800, height: 1000 },
  instagram: { width: 1080, height: 1080 },
  popin: { width: 800, height: 1000 },
  category: { width: 1200, height: 600 },
};

const FALLBACK_SIZE: MediaSize = { width: 1200, height: 800 };
const MEDIA_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_MEDIA_KEY_LENGTH = 160;
export const MIN_MEDIA_DIMENSION = 16;
export const MAX_MEDIA_DIMENSION = 4000;

export function isMediaKind(kind: string): kind is MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(kind);
}

/** A media key is a slug (`^[a-z0-9]+(?:-[a-z0-9]+)*$`) of at most 160 characters. */
export function isValidMediaKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_MEDIA_KEY_LENGTH && MEDIA_KEY_PATTERN.test(key);
}

/** Default intrinsic size of a kind (1200×800 for an unknown kind). */
export function defaultMediaSize(kind: string): MediaSize {
  return isMediaKind(kind) ? DEFAULT_MEDIA_SIZES[kind] : FALLBACK_SIZE;
}

/** Site-relative URL of a generated illustration. */
export function svgImageUrl(kind: MediaKind, key: string): string {
  return `/media/svg/${kind}/${key}.svg`;
}

interface Palette {
  /** French description of the colours, used in alt texts. */
  name: string;
  background: readonly [string, string];
  shapes: readonly [string, string, string];
  ink: string;
}

const PALETTES: readonly Palette[] = [
  { name: 'rose poudré et bordeaux', background: ['#FBE9EC', '#F4C7D0'], shapes: ['#8E244D', '#E27D94', '#F7A9A0'], ink: '#2B1B24' },
  { name: 'terracotta et sable', background: ['#FBEEDD', '#F2D2B0'], shapes: ['#C8553D', '#E9A36B', '#8A3B2A'], ink: '#3A2218' },
  { name: 'vert sauge et crème', background: ['#F4F1E6', '#DDE5D0'], shapes: ['#7A9A6B', '#3F5E4A', '#C9D8B6'], ink: '#1E2B22' },
  { name: 'bleu nuit et doré', background: ['#1B2440', '#2C3A63'], shapes: ['#E2B857', '#F4D58D', '#5C7AB8'], ink: '#F7E7C1' },
  { name: 'lavande et pêche', background: ['#F3EEFB', '#E3D7F5'], shapes: ['#9C7BD1', '#F6B79E', '#6B4FA0'], ink: '#2A2140' },
  { name: 'moutarde et prune', background: ['#FFF4D6', '#F7DE9A'], shapes: ['#D9A21B', '#6B2D5C', '#F0C35A'], ink: '#2D1428' },
  { name: 'corail et turquoise', background: ['#FFF0EA', '#FFD6C7'], shapes: ['#F2705C', '#2A9D8F', '#FFB4A2'], ink: '#15343A' },
  { name: 'noir et rouge cerise', background: ['#1A1A1A', '#2E2A2B'], shapes: ['#D7263D', '#F4F1EA', '#8C1C2C'], ink: '#F4F1EA' },
  { name: 'camel et chocolat', background: ['#F6EDE2', '#E6CFB3'], shapes: ['#B07D4F', '#5B3A29', '#D9B48F'], ink: '#2A1A12' },
  { name: 'bleu ciel et jaune soleil', background: ['#EAF4FB', '#CFE6F5'], shapes: ['#4A90C2', '#F7C948', '#9CC7E6'], ink: '#15314A' },
  { name: 'fuchsia et orange', background: ['#FFE8F1', '#FFC9DE'], shapes: ['#E23E8B', '#FF8A3D', '#B0156A'], ink: '#3B0D24' },
  { name: 'olive et ivoire', background: ['#F7F5EC', '#E4E2CC'], shapes: ['#6B7B3A', '#A8B26B', '#3C4422'], ink: '#1F2412' },
];

const MOTIFS = ['cercles et forme organique', 'arches et soleil levant', 'vagues et petits points', 'confettis géométriques'] as const;

function paletteAt(index: number): Palette {
  const palette = PALETTES[index % PALETTES.length];
  if (palette === undefined) throw new Error('palette index out of range');
  return palette;
}

function motifAt(index: number): (typeof MOTIFS)[number] {
  const motif = MOTIFS[index % MOTIFS.length];
  if (motif === undefined) throw new Error('motif index out of range');
  return motif;
}

function choice(seed: number): { palette: Palette; motif: number } {
  return { palette: paletteAt(seed % PALETTES.length), motif: Math.floor(seed / PALETTES.length) % MOTIFS.length };
}

/** French description of the picture (motif and colours), for alt texts. */
export function describeSvgImage(kind: string, key: string): string {
  const { palette, motif } = choice(hashKey(`${kind}/${key}`));
  return `${motifAt(motif)} aux tons ${palette.name}`;
}

function clampDimension(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(MAX_MEDIA_DIMENSION, Math.max(MIN_MEDIA_DIMENSION, Math.round(value)));
}

const r0 = (value: number): number => Math.round(value);

/** A smooth closed blob around (cx, cy): quadratic curves through the midpoints of jittered radii. */
function blobPath(random: () => number, cx: number, cy: number, radius: number): string {
  const count = 6;
  const points: Array<[number, number]> = [];
  const turn = random() * Math.PI;
  for (let index = 0; index < count; index += 1) {
    const angle = turn + (index / count) * Math.PI * 2;
    const r = radius * (0.72 + random() * 0.45);
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  const mid = (a: [number, number], b: [number, number]): string => `${r0((a[0] + b[0]) / 2)} ${r0((a[1] + b[1]) / 2)}`;
  const at = (index: number): [number, number] => points[index % count] ?? [cx, cy];
  let path = `M${mid(at(0), at(1))}`;
  for (let index = 1; index <= count; index += 1) {
    const control = at(index);
    path += `Q${r0(control[0])} ${r0(control[1])} ${mid(control, at(index + 1))}`;
  }
  return `${path}Z`;
}

/**
 * Renders the illustration. `width`/`height` default to the kind's default size and are clamped to 16..4000.
 */
export function renderSvgImage(kind: string, key: string, width?: number, height?: number): string {
  const fallback = defaultMediaSize(kind);
  const w = clampDimension(width, fallback.width);
  const h = clampDimension(height, fallback.height);
  const seed = hashKey(`${kind}/${key}`);
  const { palette, motif } = choice(seed);
  const random = seededRandom(seed ^ 0x9e3779b9);
  const [c1, c2, c3] = palette.shapes;
  const m = Math.min(w, h);
  const id = `g${seed.toString(36)}`;
  const angle = Math.floor(random() * 4);
  const gradient = [
    'x1="0" y1="0" x2="1" y2="1"',
    'x1="1" y1="0" x2="0" y2="1"',
    'x1="0" y1="0" x2="0" y2="1"',
    'x1="0" y1="1" x2="1" y2="0"',
  ][angle];
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="${id}" ${gradient}><stop offset="0" stop-color="${palette.background[0]}"/><stop offset="1" stop-color="${palette.background[1]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
  );
  const px = (ratio: number): number => r0(w * ratio);
  const py = (ratio: number): number => r0(h * ratio);

  if (motif === 0) {
    // Circles and an organic blob.
    parts.push(
      `<circle cx="${px(0.25 + random() * 0.5)}" cy="${py(0.3 + random() * 0.4)}" r="${r0(m * (0.28 + random() * 0.12))}" fill="${c2}" opacity=".85"/>`,
    );
    parts.push(`<path d="${blobPath(random, px(0.3 + random() * 0.4), py(0.35 + random() * 0.3), m * 0.3)}" fill="${c1}" opacity=".9"/>`);
    parts.push(
      `<circle cx="${px(0.15 + random() * 0.7)}" cy="${py(0.15 + random() * 0.7)}" r="${r0(m * 0.1)}" fill="none" stroke="${c3}" stroke-width="${r0(m * 0.02) || 1}"/>`,
    );
  } else if (motif === 1) {
    // Arches and a rising sun.
    const count = 2 + Math.floor(random() * 2);
    const archWidth = w / (count + 1);
    const sunX = random();
    parts.push(`<circle cx="${px(0.3 + sunX * 0.4)}" cy="${py(0.38)}" r="${r0(m * 0.2)}" fill="${c2}"/>`);
    for (let index = 0; index < count; index += 1) {
      const x = r0(archWidth * (index + 1));
      const top = py(0.45 + random() * 0.2);
      const half = r0(archWidth * 0.42);
      const colour = index % 2 === 0 ? c1 : c3;
      parts.push(`<path d="M${x - half} ${h}V${top}a${half} ${half} 0 0 1 ${half * 2} 0V${h}Z" fill="${colour}" opacity=".9"/>`);
    }
  } else if (motif === 2) {
    // Waves and dots.
    for (let index = 0; index < 3; index += 1) {
      const y = py(0.45 + index * 0.17);
      const amp = r0(h * (0.04 + random() * 0.05));
      const colour = [c1, c2, c3][index] ?? c1;
      parts.push(`<path d="M0 ${y}Q${px(0.25)} ${y - amp * 2} ${px(0.5)} ${y}T${w} ${y}V${h}H0Z" fill="${colour}" opacity=".85"/>`);
    }
    for (let index = 0; index < 7; index += 1) {
      parts.push(
        `<circle cx="${px(0.08 + random() * 0.84)}" cy="${py(0.06 + random() * 0.3)}" r="${r0(m * (0.01 + random() * 0.025)) || 1}" fill="${palette.ink}" opacity=".6"/>`,
      );
    }
  } else {
    // Geometric confetti around a central disc.
    parts.push(`<circle cx="${px(0.5)}" cy="${py(0.5)}" r="${r0(m * 0.26)}" fill="${c2}" opacity=".9"/>`);
    for (let index = 0; index < 8; index += 1) {
      const x = px(0.08 + random() * 0.84);
      const y = py(0.08 + random() * 0.84);
      const s = r0(m * (0.04 + random() * 0.06)) || 2;
      const colour = [c1, c3, palette.ink][index % 3] ?? c1;
      if (index % 2 === 0) {
        parts.push(
          `<path d="M${x} ${y - s}L${x + s} ${y + s}H${x - s}Z" fill="${colour}" transform="rotate(${Math.floor(random() * 360)} ${x} ${y})"/>`,
        );
      } else {
        parts.push(
          `<rect x="${x - s}" y="${y - r0(s / 3)}" width="${s * 2}" height="${r0(s / 1.5) || 1}" rx="${r0(s / 3)}" fill="${colour}" transform="rotate(${Math.floor(random() * 180)} ${x} ${y})"/>`,
        );
      }
    }
  }
  // A thin inner frame: the magazine touch.
  const inset = r0(m * 0.04);
  parts.push(
    `<rect x="${inset}" y="${inset}" width="${w - inset * 2}" height="${h - inset * 2}" fill="none" stroke="${palette.ink}" stroke-opacity=".3" stroke-width="${Math.max(1, r0(m * 0.004))}"/>`,
  );
  parts.push('</svg>');
  return parts.join('');
}
