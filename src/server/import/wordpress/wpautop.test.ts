import { describe, expect, it } from 'vitest';
import { wpautop } from './wpautop.ts';

describe('wpautop', () => {
  it('makes paragraphs of blank-line separated text, line breaks of single newlines', () => {
    expect(wpautop('a\n\nb')).toBe('<p>a</p>\n<p>b</p>\n');
    expect(wpautop('a\nb')).toBe('<p>a<br />\nb</p>\n');
    expect(wpautop('a\r\n\r\nb')).toBe('<p>a</p>\n<p>b</p>\n');
    expect(wpautop('a\n\n\n\nb')).toBe('<p>a</p>\n<p>b</p>\n');
  });

  it('answers nothing for blank text', () => {
    expect(wpautop('')).toBe('');
    expect(wpautop(' \n\t ')).toBe('');
  });

  it('does not wrap block elements, nor break lines inside them', () => {
    expect(wpautop('<div>foo</div>')).toBe('<div>foo</div>\n');
    expect(wpautop('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
    expect(wpautop('text\n<hr />\nmore')).toBe('<p>text</p>\n<hr />\n<p>more</p>\n');
  });

  it('leaves <pre> untouched', () => {
    expect(wpautop('<pre>a\n\nb</pre>\n\nc')).toBe('<pre>a\n\nb</pre>\n<p>c</p>\n');
  });

  it('keeps newlines inside tags and scripts as they are', () => {
    expect(wpautop('line <a\nhref="x">l</a>')).toBe('<p>line <a\nhref="x">l</a></p>\n');
    expect(wpautop('Before\n<script>a\nb</script>')).toBe('<p>Before<br />\n<script>a\nb</script></p>\n');
  });

  it('puts the paragraphs inside a blockquote, and turns two <br>s into a paragraph break', () => {
    expect(wpautop('<blockquote>q\n\nr</blockquote>')).toBe('<blockquote><p>q</p>\n<p>r</p></blockquote>\n');
    expect(wpautop('x<br><br>y')).toBe('<p>x</p>\n<p>y</p>\n');
  });

  it('keeps a figure and its caption together', () => {
    expect(wpautop('<figure><img src="a.jpg" />\n<figcaption>c</figcaption></figure>')).toBe(
      '<figure><img src="a.jpg" /><figcaption>c</figcaption></figure>\n',
    );
  });
});
