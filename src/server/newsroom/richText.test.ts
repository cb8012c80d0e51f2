import { describe, expect, it } from 'vitest';
import { checkDoc, docFromBlocks, imageIdsOf, type LibraryImage, MAX_BODY_IMAGES, plainParagraphs, safeHref } from './richText.ts';

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: unknown[]) => ({ type: 'paragraph', content });

describe('rich text allow-list', () => {
  it('keeps paragraphs, headings, quotes, lists, bold, italic and safe links as blocks with spans', () => {
    const result = checkDoc({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Un titre')] },
        p(
          text('Du '),
          text('gras', [{ type: 'bold' }]),
          text(' et un '),
          text('lien', [{ type: 'link', attrs: { href: 'https://exemple.fr/a' } }]),
        ),
        { type: 'blockquote', content: [p(text('Une citation'))] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p(text('un'))] },
            { type: 'listItem', content: [p(text('deux'))] },
          ],
        },
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

describe('images in the body', () => {
  const hash = 'a'.repeat(64);
  const variants = [480, 960].flatMap((width) =>
    (['avif', 'webp'] as const).map((format) => ({ format, width, height: width / 2, url: `/media/library/${hash}-${width}.${format}` })),
  );
  const library: LibraryImage = { id: 7, url: `/media/library/${hash}-960.webp`, width: 960, height: 480, variants };
  const lookup = (id: number) => (id === 7 ? library : undefined);
  const image = (attrs: Record<string, unknown>) => ({ type: 'image', attrs });
  const check = (...content: unknown[]) => checkDoc({ type: 'doc', content }, lookup);

  it('turns a library image into a figure block from the library row, keeping only its own attributes', () => {
    const result = check(
      p(text('Avant')),
      image({
        mediaId: 7,
        src: `/media/library/${hash}-960.webp`,
        alt: '  Un piment\n rouge ',
        caption: 'Photo : Camille',
        title: 'x',
        onerror: 'alert(1)',
        width: 99999,
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.blocks[1]).toEqual({
      type: 'image',
      text: 'Photo : Camille',
      mediaId: 7,
      url: library.url,
      alt: 'Un piment rouge',
      caption: 'Photo : Camille',
      width: 960,
      height: 480,
      variants,
    });
    expect(result.doc.content?.[1]).toEqual(image({ mediaId: 7, src: library.url, alt: 'Un piment rouge', caption: 'Photo : Camille' }));
  });

  it('needs no src (the server knows the address) and no caption; an image may sit in a quote', () => {
    const result = check({ type: 'blockquote', content: [p(text('Citée')), image({ mediaId: 7, alt: 'Un piment' })] });
    expect(result.ok && result.blocks).toEqual([
      { type: 'quote', text: 'Citée' },
      { type: 'image', text: '', mediaId: 7, url: library.url, alt: 'Un piment', width: 960, height: 480, variants },
    ]);
  });

  it.each([
    ['an outside address without an id', image({ src: 'https://evil.example/x.png', alt: 'x' }), /médiathèque/],
    ['a data: address', image({ src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' }), /médiathèque/],
    ['a javascript: address beside a real id', image({ mediaId: 7, src: 'javascript:alert(1)', alt: 'x' }), /adresse/],
    [
      'another image’s address beside a real id',
      image({ mediaId: 7, src: `/media/library/${'b'.repeat(64)}-960.webp`, alt: 'x' }),
      /adresse/,
    ],
    ['an outside address beside a real id', image({ mediaId: 7, src: 'https://evil.example/x.webp', alt: 'x' }), /adresse/],
    ['an unknown id', image({ mediaId: 8, alt: 'x' }), /n° 8 n’existe pas/],
    ['an id as a string', image({ mediaId: '7', alt: 'x' }), /identifiant/],
    ['a negative id', image({ mediaId: -7, alt: 'x' }), /identifiant/],
    ['a fractional id', image({ mediaId: 7.5, alt: 'x' }), /identifiant/],
    ['a huge id', image({ mediaId: 1e300, alt: 'x' }), /identifiant/],
    ['an id as an object', image({ mediaId: { $gt: 0 }, alt: 'x' }), /identifiant/],
    ['no attributes at all', { type: 'image' }, /médiathèque/],
    ['a missing alt', image({ mediaId: 7 }), /alternatif .* obligatoire/],
    ['a blank alt', image({ mediaId: 7, alt: ' \n\t ' }), /alternatif .* obligatoire/],
    ['an alt that is not text', image({ mediaId: 7, alt: ['x'] }), /alternatif .* obligatoire/],
    ['a huge alt', image({ mediaId: 7, alt: 'x'.repeat(1001) }), /trop long/],
    ['a caption that is not text', image({ mediaId: 7, alt: 'x', caption: { html: '<b>' } }), /légende/],
    ['a huge caption', image({ mediaId: 7, alt: 'x', caption: 'x'.repeat(1001) }), /trop longue/],
  ])('refuses %s in French', (_what, node, message) => {
    const result = check(node);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses every image when no library is given, an image inside a list item or inline in a paragraph', () => {
    expect(checkDoc({ type: 'doc', content: [image({ mediaId: 7, alt: 'x' })] }).ok).toBe(false);
    const inList = check({ type: 'bulletList', content: [{ type: 'listItem', content: [image({ mediaId: 7, alt: 'x' })] }] });
    expect(!inList.ok && inList.message).toMatch(/paragraphes/);
    const inline = check(p(text('a'), image({ mediaId: 7, alt: 'x' })));
    expect(!inline.ok && inline.message).toMatch(/non autorisé/);
  });

  it('refuses more than the allowed number of images', () => {
    const many = Array.from({ length: MAX_BODY_IMAGES + 1 }, () => image({ mediaId: 7, alt: 'x' }));
    const result = check(...many);
    expect(!result.ok && result.message).toMatch(/trop d’images/);
    expect(check(...many.slice(1)).ok).toBe(true);
  });

  it('lists the ids to look up, at any depth, ignoring malformed ones (checkDoc refuses those)', () => {
    const doc = {
      type: 'doc',
      content: [
        image({ mediaId: 3, alt: 'x' }),
        { type: 'blockquote', content: [image({ mediaId: 4 }), image({ mediaId: '5' }), image({ mediaId: 3 })] },
        image({ src: 'https://evil.example/x.png' }),
      ],
    };
    expect(imageIdsOf(doc).sort()).toEqual([3, 4]);
    expect(imageIdsOf(null)).toEqual([]);
    expect(imageIdsOf({ type: 'doc', content: 'x' })).toEqual([]);
  });

  it('comes back from published blocks as the same image, and revisions name it by its alt text', () => {
    const result = check(image({ mediaId: 7, alt: 'Un piment', caption: 'Légende' }));
    if (!result.ok) throw new Error(result.message);
    const back = checkDoc(docFromBlocks(result.blocks), lookup);
    expect(back.ok && back.blocks).toEqual(result.blocks);
    expect(plainParagraphs(result.blocks)).toEqual(['[Image : Un piment] Légende']);
  });
});
