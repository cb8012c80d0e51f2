/** The Lexical and Mobiledoc renderers, on hand-made documents and on Ghost 4's own posts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lexicalToHtml } from './lexicalToHtml.ts';
import { mobiledocToHtml } from './mobiledocToHtml.ts';

const lexical = (...children: unknown[]): string => JSON.stringify({ root: { type: 'root', version: 1, children } });
const text = (value: string, format = 0) => ({ type: 'extended-text', text: value, format, version: 1 });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', version: 1, children });

describe('lexicalToHtml', () => {
  it('nests the format bits in a fixed order and escapes the text', () => {
    expect(lexicalToHtml(lexical(paragraph(text('a<b>&"c"', 1 | 2 | 16))))).toBe(
      '<p><strong><em><code>a&lt;b&gt;&amp;"c"</code></em></strong></p>',
    );
    expect(lexicalToHtml(lexical(paragraph(text('barré', 4), text('souligné', 8))))).toBe('<p><s>barré</s><u>souligné</u></p>');
  });

  it('escapes attributes and keeps heading levels h1–h6 only', () => {
    const link = { type: 'link', url: 'https://x.fr/?a=1&b="2"', children: [text('lien')] };
    expect(lexicalToHtml(lexical(paragraph(link)))).toBe('<p><a href="https://x.fr/?a=1&amp;b=&quot;2&quot;">lien</a></p>');
    expect(lexicalToHtml(lexical({ type: 'heading', tag: 'h4', children: [text('t')] }))).toBe('<h4>t</h4>');
    expect(lexicalToHtml(lexical({ type: 'heading', tag: 'script', children: [text('t')] }))).toBe('<h2>t</h2>');
  });

  it('renders galleries, embeds, asides, rules, code; drops unknown cards and empty paragraphs', () => {
    const html = lexicalToHtml(
      lexical(
        {
          type: 'gallery',
          images: [
            { src: '/a.jpg', alt: 'A' },
            { src: '/b.jpg', alt: 'B', caption: 'Bé' },
          ],
        },
        { type: 'embed', url: 'https://youtu.be/x', html: '<iframe></iframe>', metadata: { title: 'Vidéo' } },
        { type: 'aside', children: [text('À côté')] },
        { type: 'horizontalrule' },
        { type: 'codeblock', code: 'a < b', language: 'js' },
        { type: 'signup', header: 'Abonnez-vous' },
        paragraph(),
      ),
    );
    expect(html).toBe(
      '<figure><img src="/a.jpg" alt="A"></figure><figure><img src="/b.jpg" alt="B"><figcaption>Bé</figcaption></figure>' +
        '<p><a href="https://youtu.be/x">Vidéo</a></p><blockquote><p>À côté</p></blockquote><hr>' +
        '<pre><code>a &lt; b</code></pre>',
    );
  });

  it('gives nothing for a document that is not Lexical', () => {
    expect(lexicalToHtml('not json')).toBe('');
    expect(lexicalToHtml('{"root":3}')).toBe('');
  });
});

describe('mobiledocToHtml', () => {
  it('renders markup sections, nested markups, links, soft returns, lists and cards', () => {
    const doc = {
      version: '0.3.1',
      atoms: [['soft-return', '', {}]],
      markups: [['strong'], ['a', ['href', 'https://x.fr/?a&b']], ['script']],
      cards: [
        ['image', { src: '__GHOST_URL__/content/images/a.jpg', alt: 'A', caption: 'Légende' }],
        ['markdown', { markdown: '# Titre\n\nTexte <i>' }],
        ['html', { html: '<table><tr><td>1</td></tr></table>' }],
        ['hr', {}],
        ['unknown-card', { a: 1 }],
      ],
      sections: [
        [1, 'h2', [[0, [], 0, 'Titre & co']]],
        [
          1,
          'p',
          [
            [0, [0], 0, 'gras '],
            [0, [1], 2, 'lien'],
            [1, [], 0, 0],
            [0, [2], 1, '<x>'],
          ],
        ],
        [3, 'ol', [[[0, [], 0, 'un']], [[0, [], 0, 'deux']]]],
        [1, 'blockquote', [[0, [], 0, 'cité']]],
        [10, 0],
        [10, 1],
        [10, 2],
        [10, 3],
        [10, 4],
      ],
    };
    expect(mobiledocToHtml(JSON.stringify(doc))).toBe(
      '<h2>Titre &amp; co</h2>' +
        '<p><strong>gras <a href="https://x.fr/?a&amp;b">lien</a></strong><br><span>&lt;x&gt;</span></p>' +
        '<ol><li>un</li><li>deux</li></ol><blockquote><p>cité</p></blockquote>' +
        '<figure><img src="__GHOST_URL__/content/images/a.jpg" alt="A"><figcaption>Légende</figcaption></figure>' +
        '<p># Titre</p><p>Texte &lt;i&gt;</p><table><tr><td>1</td></tr></table><hr>',
    );
  });

  it('renders Ghost 4’s own posts with the same headings and list items as Ghost’s HTML', () => {
    const fixture = JSON.parse(readFileSync('tests/fixtures/import/ghost-4.json', 'utf8')) as {
      db: { data: { posts: { slug: string; mobiledoc: string; html: string }[] } }[];
    };
    const posts = fixture.db[0]?.data.posts ?? [];
    expect(posts).toHaveLength(11);
    const pieces = (html: string): string[] =>
      [...html.matchAll(/<(h[1-6]|li)[^>]*>(.*?)<\/\1>/g)].map((m) => `${m[1]}:${m[2]?.replace(/<[^>]+>/g, '')}`);
    let compared = 0;
    for (const post of posts) {
      const ours = pieces(mobiledocToHtml(post.mobiledoc));
      expect(ours, post.slug).toEqual(pieces(post.html));
      compared += ours.length;
    }
    expect(compared).toBeGreaterThan(20);
  });
});
