import { describe, expect, it } from 'vitest';
import type { RichTextNode } from '../../db/schema.ts';
import { checkDoc, type LibraryImage, MAX_BODY_IMAGES } from '../newsroom/richText.ts';
import { htmlToDoc, replaceImportImages, rewriteLinks } from './htmlToDoc.ts';

const text = (value: string, marks?: RichTextNode['marks']): RichTextNode =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const p = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });

/** Every text of a document, in order. */
function texts(node: RichTextNode): string[] {
  return [...(node.text ? [node.text] : []), ...(node.content ?? []).flatMap(texts)];
}

/** A resolver that gives every image a library id, and the lookup checkDoc needs for them. */
function library() {
  const byId = new Map<number, LibraryImage>();
  const resolve = (src: string) => {
    const id = byId.size + 1;
    const url = `/media/${id}.webp`;
    byId.set(id, { id, url, width: 800, height: 600, variants: [] });
    return src.includes('missing') ? null : { mediaId: id, src: url };
  };
  return { resolve, lookup: (id: number) => byId.get(id) };
}

describe('htmlToDoc', () => {
  it('keeps paragraphs, headings, marks and links, and collapses whitespace as a browser would', () => {
    const { doc, dropped } = htmlToDoc(
      '<h1>Titre</h1>\n<p>  Un   <strong>gras</strong>\n et <em>italique</em> <a href="https://ex.fr/a">lien</a>.</p><p> </p><h4>Petit</h4>',
    );
    expect(doc).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Titre')] },
        p(
          text('Un '),
          text('gras', [{ type: 'bold' }]),
          text(' et '),
          text('italique', [{ type: 'italic' }]),
          text(' '),
          text('lien', [{ type: 'link', attrs: { href: 'https://ex.fr/a' } }]),
          text('.'),
        ),
        { type: 'heading', attrs: { level: 3 }, content: [text('Petit')] },
      ],
    });
    expect(dropped).toEqual([]);
  });

  it('wraps inline content of lists and quotes in paragraphs, flattens nested lists', () => {
    const { doc } = htmlToDoc('<ul><li>un<ul><li>deux</li></ul></li><li><p>trois</p></li></ul><blockquote>cité<br>ligne</blockquote>');
    expect(doc.content).toEqual([
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [p(text('un'))] },
          { type: 'listItem', content: [p(text('deux'))] },
          { type: 'listItem', content: [p(text('trois'))] },
        ],
      },
      { type: 'blockquote', content: [p(text('cité'), { type: 'hardBreak' }, text('ligne'))] },
    ]);
  });

  it('drops scripts, styles, iframes and forms, and says so', () => {
    const { doc, dropped } = htmlToDoc(
      '<p>avant<script>alert(1)</script></p><style>p{}</style><iframe src="https://www.youtube.com/embed/x"></iframe><form><input value="v">champ</form><marquee>défile</marquee><svg onload="alert(1)"><text>svg</text></svg>',
    );
    expect(texts(doc)).toEqual(['avant', 'défile']);
    expect(dropped).toEqual(['script', 'style', 'iframe https://www.youtube.com/embed/x', 'form', 'element marquee', 'svg']);
  });

  it('keeps the text of a refused link, not the link', () => {
    const { doc, dropped } = htmlToDoc(
      '<p><a href="javascript:alert(1)">a</a> <a href="data:text/html,x">b</a> <a href="jav&#x09;ascript:x">c</a></p>',
    );
    expect(doc.content).toEqual([p(text('a b c'))]);
    expect(dropped).toEqual(['link javascript:alert(1)', 'link data:text/html,x', 'link jav\tascript:x']);
  });

  it('resolves relative links and images against the base URL', () => {
    const { doc, images } = htmlToDoc('<p><a href="autre/">x</a><img src="/wp-content/uploads/a.jpg" alt="A"></p>', {
      baseUrl: 'https://old.example/blog/post/',
    });
    expect(doc.content?.[0]).toEqual(p(text('x', [{ type: 'link', attrs: { href: 'https://old.example/blog/post/autre/' } }])));
    expect(images).toEqual([{ url: 'https://old.example/wp-content/uploads/a.jpg', alt: 'A', caption: '' }]);
  });

  it('splits a paragraph around an image, and takes figure captions', () => {
    const { doc, images } = htmlToDoc(
      '<p>avant <img src="https://ex.fr/1.jpg" alt="un"> après</p><figure><img src="https://ex.fr/2.jpg"><figcaption>La <b>légende</b></figcaption></figure>',
    );
    expect(doc.content).toEqual([
      p(text('avant')),
      { type: 'image', attrs: { importSrc: 'https://ex.fr/1.jpg', alt: 'un', caption: '' } },
      p(text('après')),
      { type: 'image', attrs: { importSrc: 'https://ex.fr/2.jpg', alt: '', caption: 'La légende' } },
    ]);
    expect(images.map((i) => [i.url, i.caption])).toEqual([
      ['https://ex.fr/1.jpg', ''],
      ['https://ex.fr/2.jpg', 'La légende'],
    ]);
  });

  it('turns pre and tables into text', () => {
    const { doc, dropped } = htmlToDoc(
      '<pre>ligne 1\n  ligne 2</pre><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>',
    );
    expect(doc.content).toEqual([p(text('ligne 1'), { type: 'hardBreak' }, text('  ligne 2')), p(text('A | B')), p(text('1 | 2'))]);
    expect(dropped).toEqual(['table (kept as text)']);
  });

  it('drops images beyond the body limit, and data: images', () => {
    const html = `<img src="data:image/png;base64,AAAA">${Array.from({ length: MAX_BODY_IMAGES + 3 }, (_, i) => `<img src="https://ex.fr/${i}.jpg">`).join('')}`;
    const { doc, images, dropped } = htmlToDoc(html);
    expect(images).toHaveLength(MAX_BODY_IMAGES);
    const { resolve, lookup } = library();
    expect(checkDoc(replaceImportImages(doc, resolve), lookup).ok).toBe(true);
    expect(dropped.filter((d) => d.startsWith('image beyond'))).toHaveLength(3);
    expect(dropped[0]).toMatch(/^image data:/);
  });

  it('replaceImportImages: library images in, missing ones become their alt text in italic', () => {
    const { doc } = htmlToDoc(
      '<img src="https://ex.fr/ok.jpg" alt="Bon"><img src="https://ex.fr/missing.jpg" alt="Perdu"><img src="https://ex.fr/missing2.jpg">',
    );
    const { resolve, lookup } = library();
    const replaced = replaceImportImages(doc, resolve);
    expect(replaced.content).toEqual([
      { type: 'image', attrs: { mediaId: 1, src: '/media/1.webp', alt: 'Bon' } },
      p(text('Perdu', [{ type: 'italic' }])),
    ]);
    expect(checkDoc(replaced, lookup).ok).toBe(true);
  });

  it('rewriteLinks maps old addresses, keeps the rest', () => {
    const { doc } = htmlToDoc('<p><a href="https://old.example/?p=3">a</a> <a href="https://else.example/">b</a></p>');
    const out = rewriteLinks(doc, (href) => (href.startsWith('https://old.example/') ? '/articles/trois' : null));
    expect(out.content?.[0]?.content?.map((n) => n.marks?.[0]?.attrs?.href)).toEqual([
      '/articles/trois',
      undefined,
      'https://else.example/',
    ]);
  });

  it('flattens very deep nesting instead of refusing it', () => {
    const depth = 5000;
    const html = `${'<blockquote><div><ul><li>'.repeat(depth)}fond${'</li></ul></div></blockquote>'.repeat(depth)}`;
    const { doc } = htmlToDoc(html);
    expect(texts(doc)).toEqual(['fond']);
    expect(checkDoc(doc).ok).toBe(true);
  });

  it('truncates text beyond the limit rather than refusing', () => {
    const { doc, dropped } = htmlToDoc(`<p>${'a'.repeat(300_000)}</p>`);
    expect(checkDoc(doc).ok).toBe(true);
    expect(dropped).toContain('text beyond 150000 characters');
  });
});

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = [
  'p',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'a',
  'h1',
  'h2',
  'h3',
  'h5',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'table',
  'tr',
  'td',
  'figure',
  'figcaption',
  'script',
  'style',
  'svg',
  'iframe',
  'img',
  'br',
  'x-unknown',
  'textarea',
  'select',
  'math',
  'template',
];
const ATTRS = [
  ' href="javascript:alert(1)"',
  ' href="https://ex.fr/x?a=1&amp;b=2"',
  ' href="/chemin"',
  ' href="data:text/html;base64,PHNjcmlwdD4="',
  ' src="https://ex.fr/i.jpg"',
  ' src="/wp-content/uploads/missing.png"',
  ' src="data:image/png;base64,AA=="',
  ' alt="un &quot;alt&quot;"',
  ' onload="alert(1)"',
  ' style="x"',
  '',
];
const TEXTS = [
  'texte',
  ' ',
  '\n\n',
  '&amp;',
  '&lt;script&gt;',
  '&#0;',
  '&#xD800;',
  '\u0000',
  'é',
  '😀',
  '<!-- c -->',
  '<![CDATA[x]]>',
  '&nbsp;',
  '<',
  '>',
  '"',
  "'",
  '\t',
];

function hostile(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const out: string[] = [];
  const open: string[] = [];
  const length = 1 + Math.floor(next() * 80);
  for (let i = 0; i < length; i++) {
    const r = next();
    if (r < 0.4) {
      const tag = pick(TAGS);
      out.push(`<${tag}${pick(ATTRS)}${pick(ATTRS)}>`);
      open.push(tag);
    } else if (r < 0.6 && open.length > 0) out.push(`</${open.pop()}>`);
    else if (r < 0.65) out.push(`</${pick(TAGS)}>`);
    else if (r < 0.67) out.push(`${'<blockquote><ul><li>'.repeat(30)}profond`);
    else out.push(pick(TEXTS));
  }
  return out.join('');
}

describe('htmlToDoc, on hostile input', () => {
  it('always yields a document checkDoc accepts, with no markup left in it', () => {
    const next = random(20);
    for (let i = 0; i < 2000; i++) {
      const html = hostile(next);
      const { doc } = htmlToDoc(html, { baseUrl: i % 2 ? 'https://old.example/' : null });
      const { resolve, lookup } = library();
      const result = checkDoc(replaceImportImages(doc, resolve), lookup);
      if (!result.ok) throw new Error(`${result.message}\n${html}`);
      for (const value of texts(doc)) expect(value).not.toMatch(/alert\(1\)|onload=|PHNjcmlwdD4/);
    }
  });
});
