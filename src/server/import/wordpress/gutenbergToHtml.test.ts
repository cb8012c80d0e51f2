import { describe, expect, it } from 'vitest';
import { htmlToDoc } from '../htmlToDoc.ts';
import { gutenbergToHtml } from './gutenbergToHtml.ts';

const context = { attachment: () => null };

describe('gutenbergToHtml', () => {
  it('keeps the HTML of core blocks, with inner blocks in place', () => {
    const post = [
      '<!-- wp:heading --><h2>Titre</h2><!-- /wp:heading -->',
      '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div class="wp-block-column"><!-- wp:paragraph --><p>Gauche</p><!-- /wp:paragraph --></div><!-- /wp:column --></div><!-- /wp:columns -->',
      '<!-- wp:separator --><hr class="wp-block-separator"/><!-- /wp:separator -->',
      '<!-- wp:quote --><blockquote class="wp-block-quote"><!-- wp:paragraph --><p>Cité</p><!-- /wp:paragraph --></blockquote><!-- /wp:quote -->',
    ].join('\n\n');
    const { html, dropped } = gutenbergToHtml(post, context);
    expect(html).toContain('<h2>Titre</h2>');
    expect(html).toContain('<div class="wp-block-column"><p>Gauche</p></div>');
    expect(html).toContain('<blockquote class="wp-block-quote"><p>Cité</p></blockquote>');
    expect(html).not.toContain('<hr');
    expect(dropped).toEqual([]);
  });

  it('turns embeds into links, reduces unknown blocks to text and reports them', () => {
    const post = [
      '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=x","type":"video"} --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">https://www.youtube.com/watch?v=x</div></figure><!-- /wp:embed -->',
      '<!-- wp:jetpack/slideshow --><div class="slides"><script>evil()</script><b>Diapo</b></div><!-- /wp:jetpack/slideshow -->',
      '<!-- wp:latest-posts /-->',
      '<!-- wp:html --><p>Brut</p><script>x()</script><!-- /wp:html -->',
    ].join('\n');
    const { html, dropped } = gutenbergToHtml(post, context);
    expect(html).toContain('<p><a href="https://www.youtube.com/watch?v=x">https://www.youtube.com/watch?v=x</a></p>');
    expect(html).toContain('<p>Diapo</p>');
    expect(html).not.toContain('evil');
    expect(dropped).toEqual(['block jetpack/slideshow', 'block core/latest-posts', 'block core/html']);
    const doc = htmlToDoc(html).doc;
    expect(JSON.stringify(doc)).not.toContain('x()');
  });

  it('reads a post without block comments as classic: shortcodes, then wpautop', () => {
    const { html, dropped } = gutenbergToHtml('Un\n\nDeux [contact-form id="3"] fin\nligne', context);
    expect(html).toBe('<p>Un</p>\n<p>Deux  fin<br />\nligne</p>\n');
    expect(dropped).toEqual(['shortcode [contact-form]']);
  });

  it('reads classic content between blocks as classic', () => {
    const { html } = gutenbergToHtml('Avant\n\nsuite\n<!-- wp:paragraph --><p>Bloc</p><!-- /wp:paragraph -->', context);
    expect(html).toContain('<p>Avant</p>\n<p>suite</p>');
    expect(html).toContain('<p>Bloc</p>');
  });
});
