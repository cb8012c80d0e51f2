import { describe, expect, it } from 'vitest';
import { parseAttributes, renderShortcodes, type ShortcodeContext } from './shortcodes.ts';

const attachments: Record<string, { url: string; alt: string; caption: string }> = {
  '1': { url: 'https://old.example/wp-content/uploads/1.jpg', alt: 'Un', caption: 'Première' },
  '2': { url: 'https://old.example/wp-content/uploads/2.jpg', alt: 'Deux', caption: '' },
};
const context: ShortcodeContext = { attachment: (id) => attachments[id] ?? null, attachedTo: () => ['2'] };

describe('shortcodes', () => {
  it('reads attributes in every quoting', () => {
    expect(parseAttributes(` id="a b" align='left' width=300 bare "quoted"`)).toEqual({
      id: 'a b',
      align: 'left',
      width: '300',
      0: 'bare',
      1: 'quoted',
    });
  });

  it('turns [caption] into a figure with its caption', () => {
    const { html } = renderShortcodes(
      '[caption id="attachment_6" align="alignright" width="300"]<a href="/x"><img src="/i.jpg" alt="A" /></a> La légende[/caption]',
      context,
    );
    expect(html).toBe('<figure><a href="/x"><img src="/i.jpg" alt="A" /></a><figcaption>La légende</figcaption></figure>');
    expect(renderShortcodes('[caption caption="Ancienne"]<img src="/i.jpg">[/caption]', context).html).toBe(
      '<figure><img src="/i.jpg"><figcaption>Ancienne</figcaption></figure>',
    );
  });

  it('turns [gallery] into the attachments, by ids or the post’s own', () => {
    const { html, dropped } = renderShortcodes('[gallery ids="1,9"]', context);
    expect(html).toBe(
      '<figure><img src="https://old.example/wp-content/uploads/1.jpg" alt="Un"><figcaption>Première</figcaption></figure>',
    );
    expect(dropped).toEqual(['gallery image 9 (not in the export)']);
    expect(renderShortcodes('[gallery columns="2"]', context).html).toContain('2.jpg');
  });

  it('turns embeds and bare addresses on their own line into links', () => {
    expect(renderShortcodes('[embed]https://youtu.be/x[/embed]', context).html).toBe(
      '<p><a href="https://youtu.be/x">https://youtu.be/x</a></p>',
    );
    expect(renderShortcodes('Voir :\nhttps://vimeo.com/1\nfin https://ex.fr/ là', context).html).toBe(
      'Voir :\n<p><a href="https://vimeo.com/1">https://vimeo.com/1</a></p>\nfin https://ex.fr/ là',
    );
  });

  it('removes other shortcodes, keeps their content, and reports them; leaves plain brackets alone', () => {
    const { html, dropped } = renderShortcodes('[column size="1/2"]Gauche [button url="/x" /][/column] [sic] [1] [[gallery]]', context);
    expect(html).toBe('Gauche  [sic] [1] [gallery]');
    expect(dropped).toEqual(['shortcode [button]', 'shortcode [column]']);
  });

  it('escapes what it writes back into HTML', () => {
    const evil: ShortcodeContext = { attachment: () => ({ url: 'https://ex.fr/"><script>', alt: '<b>', caption: '<i>' }) };
    expect(renderShortcodes('[gallery ids="1"]', evil).html).toBe(
      '<figure><img src="https://ex.fr/&quot;&gt;&lt;script&gt;" alt="&lt;b&gt;"><figcaption>&lt;i&gt;</figcaption></figure>',
    );
  });
});
