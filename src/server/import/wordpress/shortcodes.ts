/**
 * WordPress shortcodes of a classic post → plain HTML that htmlToDoc understands. Only the ones that carry
 * content are rendered: `[caption]` (a figure and its caption), `[gallery]` (the attachments' images), `[embed]`
 * and bare embed addresses on a line of their own (a link: the newsroom embeds nothing). Any other shortcode
 * is taken out, its inner content kept, and named in `dropped`.
 *
 * A bracket is read as a shortcode only when it looks like one (a known name, attributes, a closing tag or a
 * `/]`): a `[sic]` or a `[1]` in the text stays text, since WordPress too only touches registered names.
 */

/** Text and attribute values put back into HTML that htmlToDoc parses again. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** An attachment of the export (a media-library item of the old site). */
export interface WpAttachment {
  url: string;
  alt: string;
  caption: string;
}

export interface ShortcodeContext {
  /** The attachment with this WordPress id, if the export holds it. */
  attachment: (id: string) => WpAttachment | null;
  /** The post's own attachments, in order: what a `[gallery]` without ids shows. */
  attachedTo?: () => string[];
}

export interface ShortcodeResult {
  html: string;
  dropped: string[];
}

/** Shortcodes with a meaning here; any other name must show more to be read as a shortcode. */
const KNOWN = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist']);

/**
 * One shortcode: `[[name …]]` (escaped), `[name attrs /]`, `[name attrs]`, or `[name attrs]inner[/name]`.
 * The same shape as WordPress's get_shortcode_regex, without possessive quantifiers (each repeat starts on
 * a different character, so there is no catastrophic backtracking).
 */
const SHORTCODE =
  /\[(\[?)([A-Za-z][\w-]*)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([^[]*(?:\[(?!\/\2\])[^[]*)*)\[\/\2\])?)(\]?)/g;

/** `key="value"`, `key='value'`, `key=value` and bare values, as shortcode_parse_atts reads them. */
export function parseAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern =
    /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;
  let index = 0;
  for (const m of text.replace(/[\u00a0\u200b]/g, ' ').matchAll(pattern)) {
    if (m[1]) attrs[m[1].toLowerCase()] = m[2] ?? '';
    else if (m[3]) attrs[m[3].toLowerCase()] = m[4] ?? '';
    else if (m[5]) attrs[m[5].toLowerCase()] = m[6] ?? '';
    else attrs[String(index++)] = m[7] ?? m[8] ?? m[9] ?? '';
  }
  return attrs;
}

const figure = (image: WpAttachment) =>
  `<figure><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}">${
    image.caption ? `<figcaption>${escapeHtml(image.caption)}</figcaption>` : ''
  }</figure>`;

const link = (url: string) => `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;

/** `[caption]<a><img></a> The caption[/caption]` (or the older `caption="…"` attribute) → a figure. */
function caption(attrs: Record<string, string>, inner: string): string {
  const found = /^\s*((?:<a\s[^>]*>\s*)?<img\s[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  if (!found) return inner;
  const text = (found[2] ?? '').trim() || attrs.caption || '';
  return `<figure>${found[1]}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

function gallery(attrs: Record<string, string>, context: ShortcodeContext, dropped: string[]): string {
  const list = attrs.ids ?? attrs.include;
  const ids = list !== undefined ? list.split(/[\s,]+/).filter(Boolean) : (context.attachedTo?.() ?? []);
  const images: string[] = [];
  for (const id of ids) {
    const image = context.attachment(id);
    if (image) images.push(figure(image));
    else dropped.push(`gallery image ${id.slice(0, 20)} (not in the export)`);
  }
  return images.join('\n');
}

/** Bare addresses on a line of their own: WordPress turned them into embeds. */
const BARE_URL = /^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm;

export function renderShortcodes(content: string, context: ShortcodeContext): ShortcodeResult {
  const dropped: string[] = [];
  const render = (text: string, depth: number): string =>
    text.replace(
      SHORTCODE,
      (whole, open: string, rawName: string, rawAttrs: string, selfClose?: string, inner?: string, close?: string) => {
        // `[[name]]` is how an author writes a shortcode as text.
        if (open === '[' && close === ']') return whole.slice(1, -1);
        const name = rawName.toLowerCase();
        const looksLikeOne = KNOWN.has(name) || inner !== undefined || selfClose === '/' || /=/.test(rawAttrs);
        if (!looksLikeOne) return whole;
        const attrs = parseAttributes(rawAttrs);
        const body = inner === undefined || depth > 20 ? '' : render(inner, depth + 1);
        // A lone extra bracket on one side is text, as WordPress keeps it.
        const wrap = (html: string) => `${open}${html}${close ?? ''}`;
        switch (name) {
          case 'caption':
          case 'wp_caption':
            return wrap(caption(attrs, body));
          case 'gallery':
            return wrap(gallery(attrs, context, dropped));
          case 'embed': {
            const url = (inner ?? attrs.src ?? '').trim();
            return wrap(/^https?:\/\//i.test(url) ? link(url) : '');
          }
          default:
            dropped.push(`shortcode [${name.slice(0, 40)}]`);
            return wrap(body);
        }
      },
    );
  const html = render(content, 0).replace(BARE_URL, (_line, url: string) => link(url));
  return { html, dropped: [...new Set(dropped)] };
}
