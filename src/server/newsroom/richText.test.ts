import { describe, expect, it } from 'vitest';
import { checkDoc, docFromBlocks, safeHref } from './richText.ts';

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });

describe('rich text allow-list', () => {
  it('keeps paragraphs, headings, quotes, lists, bold, italic and safe links as blocks with spans', () => {
    const result = checkDoc({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Un titre')] },
        p(text('Du '), text('gras', [{ type: 'bold' }]), text(' et un '), text('lien', [{ type: 'link', attrs: { href: 'https://exemple.fr/a' } }])),
        { type: 'blockquote', content: [p(text('Une citation'))] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('un'))] }, { type: 'listItem', content: [p(text('deux'))] }] },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.blocks).toEqual([
      { type: 'heading', text: 'Un titre' },
      {
        type: 'paragraph',
        text: 'Du gras et un lien',
        spans: [{ text: 'Du ' }, { text: 'gras', bold: true }, { text: ' et un ' }, { text: 'lien', href: 'https://exemple.fr/a' }],
      },
      { type: 'quote', text: 'Une citation' },
      { type: 'bullet', text: 'un' },
      { type: 'bullet', text: 'deux' },
    ]);
  });

  it('keeps pasted markup as text: a <script> typed in the editor is a string, never an element', () => {
    const result = checkDoc({ type: 'doc', content: [p(text('<script>alert(1)</script><img src=x onerror=alert(1)>'))] });
    expect(result.ok && result.blocks[0]).toEqual({ type: 'paragraph', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
  });

  it.each([
    [{ type: 'doc', content: [{ type: 'html', content: '<script>alert(1)</script>' }] }, /non autorisé/],
    [{ type: 'doc', content: [{ type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } }] }, /non autorisé/],
    [{ type: 'doc', content: [p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))] }, /lien/],
    [{ type: 'doc', content: [p(text('x', [{ type: 'link', attrs: { href: '//evil.example/' } }]))] }, /lien/],
    [{ type: 'doc', content: [p(text('x', [{ type: 'textStyle', attrs: { style: 'x' } }]))] }, /mise en forme/],
    [{ type: 'doc', content: [p({ type: 'text', text: '' })] }, /vide/],
    [{ type: 'doc', content: 'nope' }, /mal formé/],
    [{ type: 'page' }, /doc/],
    [null, /doc/],
  ])('refuses %j with a French sentence', (doc, message) => {
    const result = checkDoc(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('drops attributes it does not know (onerror on a paragraph never survives)', () => {
    const result = checkDoc({ type: 'doc', content: [{ type: 'paragraph', attrs: { onerror: 'alert(1)' }, content: [text('ok')] }] });
    expect(result.ok && result.doc).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'ok' }] }] });
  });

  it('refuses documents nested too deep', () => {
    let node: Record<string, unknown> = p(text('x'));
    for (let i = 0; i < 20; i++) node = { type: 'blockquote', content: [node] };
    expect(checkDoc({ type: 'doc', content: [node] }).ok).toBe(false);
  });

  it('accepts only http(s), mailto and site paths as links', () => {
    expect(safeHref('/mode/x')).toBe('/mode/x');
    expect(safeHref('https://a.fr')).toBe('https://a.fr/');
    expect(safeHref('mailto:a@b.fr')).toBe('mailto:a@b.fr');
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil', 'vbscript:x', '']) {
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('turns published blocks back into an editor document that checks to the same blocks', () => {
    const blocks = [
      { type: 'heading' as const, text: 'T' },
      { type: 'paragraph' as const, text: 'a b', spans: [{ text: 'a', italic: true }, { text: ' b' }] },
      { type: 'quote' as const, text: 'q' },
      { type: 'numbered' as const, text: '1' },
      { type: 'numbered' as const, text: '2' },
    ];
    const back = checkDoc(docFromBlocks(blocks));
    expect(back.ok && back.blocks).toEqual(blocks);
  });
});
