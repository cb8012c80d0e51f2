import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEDIA_SIZES,
  defaultMediaSize,
  describeSvgImage,
  isMediaKind,
  isValidMediaKey,
  MEDIA_KINDS,
  renderSvgImage,
} from './svgImage.ts';

/** Minimal well-formedness check: every tag is closed in order, attributes are quoted. */
function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/g;
  let consumed = 0;
  for (const match of svg.matchAll(tag)) {
    if (match.index !== consumed) return false; // only tags, no stray text
    consumed = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  return consumed === svg.length && stack.length === 0;
}

describe('renderSvgImage', () => {
  const keys = ['robe-portefeuille-comment-la-porter-cet-automne', 'a', 'quelle-robe-d-ete-etes-vous-q1-a3', 'x'.repeat(160)];

  it('produces small, well-formed, self-contained SVG for every kind', () => {
    for (const kind of MEDIA_KINDS) {
      for (let index = 0; index < 40; index += 1) {
        const key = keys[index % keys.length] + (index >= keys.length ? `-${index}` : '');
        const svg = renderSvgImage(kind, key);
        const { width, height } = DEFAULT_MEDIA_SIZES[kind];
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
        expect(new TextEncoder().encode(svg).length).toBeLessThan(3 * 1024);
        expect(isBalanced(svg)).toBe(true);
        expect(svg).not.toMatch(/<(script|text|image|foreignObject)\b/i);
        expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=/);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it('is deterministic and varies with the key', () => {
    expect(renderSvgImage('article', 'un-article')).toBe(renderSvgImage('article', 'un-article'));
    const variants = new Set(Array.from({ length: 30 }, (_, index) => renderSvgImage('article', `article-${index}`)));
    expect(variants.size).toBe(30);
    expect(renderSvgImage('quiz', 'same')).not.toBe(renderSvgImage('mosaic', 'same'));
  });

  it('honours and clamps the requested size', () => {
    expect(renderSvgImage('article', 'k', 300, 200)).toContain('width="300" height="200" viewBox="0 0 300 200"');
    expect(renderSvgImage('article', 'k', 1, 99999)).toContain('width="16" height="4000"');
    expect(renderSvgImage('unknown', 'k')).toContain('width="1200" height="800"');
    expect(renderSvgImage('article', 'k', Number.NaN, 500.6)).toContain('width="1200" height="501"');
  });
});

describe('media helpers', () => {
  it('validates keys', () => {
    expect(isValidMediaKey('robe-d-ete-2026')).toBe(true);
    expect(isValidMediaKey('a'.repeat(160))).toBe(true);
    for (const bad of ['', 'a'.repeat(161), 'Robe', 'robe--ete', '-robe', 'robe-', 'robe_ete', '../etc', 'robe.svg', 'é']) {
      expect(isValidMediaKey(bad), bad).toBe(false);
    }
  });

  it('knows the kinds and their default sizes', () => {
    expect(isMediaKind('instagram')).toBe(true);
    expect(isMediaKind('nope')).toBe(false);
    expect(defaultMediaSize('instagram')).toEqual({ width: 1080, height: 1080 });
    expect(defaultMediaSize('article')).toEqual({ width: 1200, height: 800 });
    expect(defaultMediaSize('nope')).toEqual({ width: 1200, height: 800 });
  });

  it('describes the picture in French', () => {
    expect(describeSvgImage('article', 'un-article')).toMatch(/ aux tons .+ et .+/);
    expect(describeSvgImage('article', 'un-article')).toBe(describeSvgImage('article', 'un-article'));
  });
});
