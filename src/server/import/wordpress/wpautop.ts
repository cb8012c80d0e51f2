/**
 * WordPress's `wpautop` (wp-includes/formatting.php), re-written from its documented behaviour: classic posts
 * are stored without paragraphs, and WordPress adds them when it shows the post. A blank line starts a
 * paragraph, a single line break becomes `<br />`, and neither happens inside block elements' tags or in a
 * `<pre>`. The output is still untrusted HTML: htmlToDoc reads it next.
 */

/** The block-level elements wpautop does not wrap in a paragraph. */
const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const NEWLINE_IN_TAG = ' <!-- wpnl --> ';

/** Tags and comments (a comment may hold `>`), as WordPress's html split regex finds them. */
const HTML_SPLIT = /(<(?:!--[\s\S]*?(?:-->|$)|!\[CDATA\[[\s\S]*?(?:\]\]>|$)|[^>]*>?))/;

/** Replaces newlines inside tags only (an attribute may span lines): they must not become `<br />`. */
function protectNewlinesInTags(text: string): string {
  const parts = text.split(HTML_SPLIT);
  for (let i = 1; i < parts.length; i += 2) parts[i] = (parts[i] ?? '').replaceAll('\n', NEWLINE_IN_TAG);
  return parts.join('');
}

/** Takes `<pre>` elements out (put back at the end): their line breaks are their content. */
function takePre(text: string): { text: string; pre: Map<string, string> } {
  const pre = new Map<string, string>();
  if (!text.includes('<pre')) return { text, pre };
  const parts = text.split('</pre>');
  const last = parts.pop() ?? '';
  let out = '';
  parts.forEach((part, i) => {
    const start = part.indexOf('<pre');
    if (start < 0) {
      // A `</pre>` without its `<pre`: malformed, kept as it is (WordPress drops the closing tag too).
      out += part;
      return;
    }
    const name = `<pre wp-pre-tag-${i}></pre>`;
    pre.set(name, `${part.slice(start)}</pre>`);
    out += part.slice(0, start) + name;
  });
  return { text: out + last, pre };
}

export function wpautop(input: string, br = true): string {
  if (input.trim() === '') return '';
  const taken = takePre(`${input}\n`);
  let text = taken.text;

  // Two <br>s in a row mean a new paragraph.
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  // Block elements are paragraphs of their own: blank lines around them.
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n?/g, '\n');
  text = protectNewlinesInTags(text);

  // Line breaks around <option>, inside <object>, around <source>/<track> and <figcaption> are layout only.
  if (text.includes('<option')) text = text.replace(/\s*<option/g, '<option').replace(/<\/option>\s*/g, '</option>');
  if (text.includes('</object>')) {
    text = text
      .replace(/(<object[^>]*>)\s*/g, '$1')
      .replace(/\s*<\/object>/g, '</object>')
      .replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text
      .replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1')
      .replace(/\s*([<[]\/(?:audio|video)[>\]])/g, '$1')
      .replace(/\s*(<(?:source|track)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<figcaption')) text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1').replace(/<\/figcaption>\s*/g, '</figcaption>');

  text = text.replace(/\n\n+/g, '\n\n');
  // Each stretch between blank lines becomes a paragraph.
  text = text
    .split(/\n\s*\n/)
    .filter((part) => part !== '')
    .map((part) => `<p>${part.replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('');

  text = text.replace(/<p>\s*<\/p>/g, '');
  // Undo the paragraphs that wrapped block tags, or that block tags broke.
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>').replaceAll('</blockquote></p>', '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');

  if (br) {
    // Line breaks in scripts, styles and SVG are code, not text.
    text = text.replace(/<(script|style|svg).*?<\/\1>/gs, (match) => match.replaceAll('\n', '<WPPreserveNewline />'));
    text = text.replace(/<br>|<br\/>/g, '<br />');
    text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
    text = text.replaceAll('<WPPreserveNewline />', '\n');
  }

  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  text = text.replace(/\n<\/p>$/, '</p>');

  for (const [name, pre] of taken.pre) text = text.replace(name, () => pre);
  if (text.includes('<!-- wpnl -->')) text = text.replaceAll(NEWLINE_IN_TAG, '\n').replaceAll('<!-- wpnl -->', '\n');
  return text;
}
