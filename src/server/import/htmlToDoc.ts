/**
 * Untrusted HTML from an import (a WordPress post, a Ghost post) → the newsroom's editor document, through
 * the same allow-list as the editor (richText.ts's checkDoc): paragraphs, headings 2–3, quotes, lists, images,
 * bold, italic, links. Everything else is reduced to its text or dropped, and said in `dropped` so that the
 * import report can tell the newsroom what was lost. No HTML string survives: the output holds text nodes only.
 *
 * htmlparser2's callbacks feed a small state machine (no DOM, no recursion): a very deep or hostile input
 * costs memory in proportion to its size and never a stack overflow. The parser balances the tags itself
 * (every open gets its close, implied ones included), so each open pushes a frame that its close undoes.
 */
import { Parser } from 'htmlparser2';
import type { RichTextNode } from '../../db/schema.ts';
import { MAX_BODY_IMAGES, safeHref } from '../newsroom/richText.ts';
import type { ImportImage } from './importModel.ts';

/** checkDoc refuses beyond 6 levels: a paragraph in a quote in a quote in a quote stays well inside. */
const MAX_QUOTE_DEPTH = 3;
/** checkDoc's 200 000 characters, less room for 50 captions or alt texts of 1 000 characters each. */
const MAX_BODY_TEXT = 150_000;
const MAX_IMAGE_TEXT = 1000;
const MAX_DROPPED = 200;

export interface HtmlToDocResult {
  doc: RichTextNode;
  images: ImportImage[];
  /** What was dropped or reduced to its text, one short English description each, without repeats. */
  dropped: string[];
}

type Mark = NonNullable<RichTextNode['marks']>[number];

/** Elements whose whole content is dropped (said in `dropped`, with the address for embeds). */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'map',
  'dialog',
  'portal',
  'xmp',
  'plaintext',
]);
/** Elements dropped without a word: the document's head, or parts that carry nothing for a reader. */
const DROP_SILENTLY = new Set(['head', 'title', 'meta', 'link', 'base', 'source', 'track', 'param', 'colgroup', 'col', 'area', 'wbr']);
/** Block elements that only separate paragraphs. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'address',
  'hgroup',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'center',
  'caption',
  'fieldset',
  'legend',
  'html',
  'body',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'menu',
]);
/** Inline elements unwrapped without a word (their text stays, unformatted). */
const UNWRAP = new Set([
  'span',
  'small',
  'big',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'abbr',
  'acronym',
  'q',
  'code',
  'kbd',
  'samp',
  'var',
  'tt',
  'time',
  'data',
  'dfn',
  'font',
  'bdi',
  'bdo',
  'label',
  'picture',
  'nobr',
  'ruby',
  'rb',
  'rt',
  'rp',
]);
const BOLD = new Set(['strong', 'b']);
const ITALIC = new Set(['em', 'i', 'cite']);

type Frame =
  | { kind: 'none' }
  | { kind: 'skip' }
  | { kind: 'block' }
  | { kind: 'bold' }
  | { kind: 'italic' }
  | { kind: 'link' }
  | { kind: 'heading'; previous: 2 | 3 | null }
  | { kind: 'quote'; node: RichTextNode }
  | { kind: 'list' }
  | { kind: 'item' }
  | { kind: 'pre' }
  | { kind: 'figure' }
  | { kind: 'caption' };

interface ListState {
  type: 'bulletList' | 'orderedList';
  /** Made on the first paragraph, again after an image split the list. */
  node: RichTextNode | null;
  item: RichTextNode | null;
  /** Nested lists are flattened into this one (checkDoc's list items hold paragraphs only). */
  depth: number;
}

interface FigureState {
  images: RichTextNode[];
  caption: string;
}

/** Resolves an address against the source's base URL; null when it cannot be a web address. */
function absolute(url: string, baseUrl: string | null | undefined): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  try {
    const resolved = baseUrl ? new URL(trimmed, baseUrl) : new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    // Without a base, a site path stays as it is: the writer knows the old site's address.
    return /^\/(?!\/)/.test(trimmed) ? trimmed : null;
  }
}

const short = (value: string, max = 120) => (value.length > max ? `${value.slice(0, max)}…` : value);
/** C0 controls other than tab and newlines, and lone surrogates, have no place in a text node. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const oneLine = (value: string) => value.replace(CONTROL, '').replace(/\s+/g, ' ').trim().slice(0, MAX_IMAGE_TEXT);

class Converter {
  readonly root: RichTextNode[] = [];
  readonly images: ImportImage[] = [];
  private readonly imageNodes = new Map<RichTextNode, ImportImage>();
  private readonly dropped = new Set<string>();
  private readonly frames: Frame[] = [];
  private readonly quotes: RichTextNode[][] = [this.root];
  private list: ListState | null = null;
  private readonly figures: FigureState[] = [];
  private inline: RichTextNode[] = [];
  private heading: 2 | 3 | null = null;
  private skip = 0;
  private pre = 0;
  private bold = 0;
  private italic = 0;
  private readonly links: (string | null)[] = [];
  private caption: string[] | null = null;
  private captionDepth = 0;
  private textBudget = MAX_BODY_TEXT;
  private imageCount = 0;
  /** The last character written to the current paragraph was a collapsible space (or there is none yet). */
  private atSpace = true;

  private readonly baseUrl: string | null | undefined;

  constructor(baseUrl: string | null | undefined) {
    this.baseUrl = baseUrl;
  }

  drop(what: string): void {
    if (this.dropped.size < MAX_DROPPED) this.dropped.add(short(what, 160));
  }

  droppedList(): string[] {
    return [...this.dropped];
  }

  open(name: string, attrs: Record<string, string>): void {
    this.frames.push(this.frameFor(name, attrs));
  }

  close(): void {
    const frame = this.frames.pop();
    if (!frame) return;
    switch (frame.kind) {
      case 'skip':
        this.skip -= 1;
        break;
      case 'bold':
        this.bold -= 1;
        break;
      case 'italic':
        this.italic -= 1;
        break;
      case 'link':
        this.links.pop();
        break;
      case 'block':
        this.flush();
        break;
      case 'heading':
        this.flush();
        this.heading = frame.previous;
        break;
      case 'pre':
        this.flush();
        this.pre -= 1;
        break;
      case 'quote': {
        this.flush();
        const content = this.quotes.pop();
        // An empty quote is nothing to read: take it out of its parent again.
        if (content && content.length === 0) {
          const parent = this.container();
          const at = parent.lastIndexOf(frame.node);
          if (at >= 0) parent.splice(at, 1);
        }
        break;
      }
      case 'list':
        this.flush();
        if (this.list) {
          this.list.depth -= 1;
          if (this.list.depth === 0) this.list = null;
        }
        break;
      case 'item':
        this.flush();
        break;
      case 'caption':
        this.captionDepth -= 1;
        if (this.captionDepth === 0 && this.caption) {
          const text = oneLine(this.caption.join(''));
          this.caption = null;
          const figure = this.figures.at(-1);
          if (figure) figure.caption = text;
          else if (text) this.captionParagraph(text);
        }
        break;
      case 'figure': {
        this.flush();
        const figure = this.figures.pop();
        if (figure?.caption) {
          const image = figure.images.at(-1);
          if (image?.attrs) {
            image.attrs.caption = figure.caption;
            const listed = this.imageNodes.get(image);
            if (listed) listed.caption = figure.caption;
          } else this.captionParagraph(figure.caption);
        }
        break;
      }
      default:
        break;
    }
  }

  private frameFor(name: string, attrs: Record<string, string>): Frame {
    if (this.skip > 0) {
      this.skip += 1;
      return { kind: 'skip' };
    }
    if (DROP_WITH_CONTENT.has(name)) {
      const src = attrs.src ?? attrs.data ?? '';
      this.drop(src && name !== 'script' ? `${name} ${short(src)}` : name);
      this.skip += 1;
      return { kind: 'skip' };
    }
    if (DROP_SILENTLY.has(name)) {
      this.skip += 1;
      return { kind: 'skip' };
    }
    if (this.caption) {
      // A caption is one line of text: its formatting and structure are not kept.
      if (name === 'br') this.caption.push(' ');
      if (name === 'img') this.drop('image in a caption');
      return { kind: 'none' };
    }
    if (name === 'br') {
      this.hardBreak();
      return { kind: 'none' };
    }
    if (name === 'img') {
      this.image(attrs);
      return { kind: 'none' };
    }
    if (BOLD.has(name)) {
      this.bold += 1;
      return { kind: 'bold' };
    }
    if (ITALIC.has(name)) {
      this.italic += 1;
      return { kind: 'italic' };
    }
    if (name === 'a') return this.link(attrs);
    if (/^h[1-6]$/.test(name)) {
      this.flush();
      const previous = this.heading;
      this.heading = name === 'h1' || name === 'h2' ? 2 : 3;
      return { kind: 'heading', previous };
    }
    if (name === 'blockquote') return this.quote();
    if (name === 'ul' || name === 'ol') {
      this.flush();
      if (this.list) this.list.depth += 1;
      else this.list = { type: name === 'ul' ? 'bulletList' : 'orderedList', node: null, item: null, depth: 1 };
      return { kind: 'list' };
    }
    if (name === 'li') {
      this.flush();
      if (this.list) this.list.item = null;
      return this.list ? { kind: 'item' } : { kind: 'block' };
    }
    if (name === 'pre' || name === 'listing') {
      this.flush();
      this.pre += 1;
      return { kind: 'pre' };
    }
    if (name === 'figure') {
      this.flush();
      this.figures.push({ images: [], caption: '' });
      return { kind: 'figure' };
    }
    if (name === 'figcaption') {
      this.flush();
      this.caption = [];
      this.captionDepth = 1;
      return { kind: 'caption' };
    }
    if (name === 'table') this.drop('table (kept as text)');
    if (name === 'td' || name === 'th') {
      // A row is one paragraph, its cells separated as a reader would scan them.
      if (this.inline.length > 0) this.text(' | ');
      return { kind: 'none' };
    }
    if (BLOCKS.has(name)) {
      this.flush();
      return { kind: 'block' };
    }
    if (!UNWRAP.has(name)) this.drop(`element ${short(name, 40)}`);
    return { kind: 'none' };
  }

  private link(attrs: Record<string, string>): Frame {
    const raw = attrs.href;
    if (raw === undefined) {
      this.links.push(null);
      return { kind: 'link' };
    }
    const trimmed = raw.trim();
    // Relative addresses are the old site's: resolve them (a same-page anchor has nowhere to go).
    const resolved =
      this.baseUrl && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('#') ? absolute(trimmed, this.baseUrl) : trimmed;
    const href = resolved ? safeHref(resolved) : null;
    if (!href) this.drop(`link ${short(trimmed, 80)}`);
    this.links.push(href);
    return { kind: 'link' };
  }

  private quote(): Frame {
    this.flush();
    if (this.list || this.quotes.length > MAX_QUOTE_DEPTH) return { kind: 'block' };
    const node: RichTextNode = { type: 'blockquote', content: [] };
    this.container().push(node);
    this.quotes.push(node.content ?? []);
    return { kind: 'quote', node };
  }

  private container(): RichTextNode[] {
    return this.quotes[this.quotes.length - 1] ?? this.root;
  }

  text(raw: string): void {
    if (this.skip > 0) return;
    const data = raw.replace(CONTROL, '');
    if (this.caption) {
      this.caption.push(data);
      return;
    }
    if (this.pre > 0) {
      const lines = data.replace(/\r\n?/g, '\n').split('\n');
      lines.forEach((line, index) => {
        if (index > 0) this.hardBreak();
        this.push(line);
      });
      return;
    }
    let collapsed = data.replace(/[ \t\n\r\f]+/g, ' ');
    if (this.atSpace && collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
    if (collapsed === '') return;
    this.push(collapsed);
    this.atSpace = collapsed.endsWith(' ');
  }

  private marks(): Mark[] {
    const marks: Mark[] = [];
    if (this.bold > 0) marks.push({ type: 'bold' });
    if (this.italic > 0) marks.push({ type: 'italic' });
    const href = this.links.at(-1);
    if (href) marks.push({ type: 'link', attrs: { href } });
    return marks;
  }

  private push(value: string): void {
    if (value === '') return;
    if (this.textBudget <= 0) return;
    let text = value;
    if (text.length > this.textBudget) {
      text = text.slice(0, this.textBudget);
      this.drop(`text beyond ${MAX_BODY_TEXT} characters`);
    }
    this.textBudget -= text.length;
    const marks = this.marks();
    const last = this.inline.at(-1);
    if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) last.text = `${last.text ?? ''}${text}`;
    else this.inline.push(marks.length > 0 ? { type: 'text', text, marks } : { type: 'text', text });
  }

  private hardBreak(): void {
    if (this.skip > 0) return;
    if (this.textBudget <= 0) return;
    this.textBudget -= 1;
    this.inline.push({ type: 'hardBreak' });
    this.atSpace = true;
  }

  /** Ends the current paragraph (or heading): cleaned of edge spaces and breaks, dropped when empty. */
  flush(): void {
    const nodes = this.inline;
    this.inline = [];
    this.atSpace = true;
    const content = tidy(nodes);
    if (content.length === 0) return;
    // Paragraphs of a list item are joined by a line break in checkDoc's count: one character each.
    this.textBudget -= 1;
    if (this.list) {
      const item = this.listItem();
      item.content?.push({ type: 'paragraph', content });
      return;
    }
    if (this.heading) this.container().push({ type: 'heading', attrs: { level: this.heading }, content });
    else this.container().push({ type: 'paragraph', content });
  }

  private listItem(): RichTextNode {
    const list = this.list as ListState;
    if (!list.node) {
      list.node = { type: list.type, content: [] };
      this.container().push(list.node);
      list.item = null;
    }
    if (!list.item) {
      list.item = { type: 'listItem', content: [] };
      list.node.content?.push(list.item);
    }
    return list.item;
  }

  private captionParagraph(text: string): void {
    if (this.textBudget < text.length) return;
    this.textBudget -= text.length;
    this.container().push({ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'italic' }] }] });
  }

  private image(attrs: Record<string, string>): void {
    const raw = attrs.src || attrs['data-src'] || attrs['data-lazy-src'] || '';
    const url = absolute(raw, this.baseUrl);
    if (!url) {
      this.drop(raw.trim() === '' ? 'image without an address' : `image ${short(raw.trim(), 80)}`);
      return;
    }
    if (this.imageCount >= MAX_BODY_IMAGES) {
      this.drop(`image beyond ${MAX_BODY_IMAGES}: ${short(url, 80)}`);
      return;
    }
    this.imageCount += 1;
    // An image is a block of its own: the paragraph around it is split, a list around it too.
    this.flush();
    const alt = oneLine(attrs.alt ?? '');
    const node: RichTextNode = { type: 'image', attrs: { importSrc: url, alt, caption: '' } };
    const listed: ImportImage = { url, alt, caption: '' };
    this.container().push(node);
    if (this.list) {
      this.list.node = null;
      this.list.item = null;
    }
    this.images.push(listed);
    this.imageNodes.set(node, listed);
    this.figures.at(-1)?.images.push(node);
  }

  finish(): RichTextNode {
    this.flush();
    return { type: 'doc', content: this.root };
  }
}

/**
 * Edge spaces and line breaks out, empty texts out; nothing left when there is no visible text. (Spaces after
 * a line break are already collapsed by `text`, except in a `pre`, where they are the indentation.)
 */
function tidy(nodes: RichTextNode[]): RichTextNode[] {
  const out: RichTextNode[] = [];
  for (const node of nodes) {
    if (node.type === 'hardBreak') {
      const last = out.at(-1);
      if (last?.type === 'text') last.text = (last.text ?? '').replace(/ +$/, '');
      out.push(node);
    } else out.push({ ...node, text: node.text ?? '' });
  }
  const last = out.filter((n) => n.type === 'text').at(-1);
  if (last) last.text = (last.text ?? '').replace(/ +$/, '');
  const first = out.find((n) => n.type === 'text');
  if (first && out[0] === first) first.text = (first.text ?? '').replace(/^ +/, '');
  const kept = out.filter((n) => n.type === 'hardBreak' || (n.text ?? '').length > 0);
  while (kept[0]?.type === 'hardBreak') kept.shift();
  while (kept.at(-1)?.type === 'hardBreak') kept.pop();
  if (!kept.some((n) => n.type === 'text' && /\S/.test(n.text ?? ''))) return [];
  return kept;
}

/** Untrusted HTML → the editor's document, its images (placeholders, in document order) and what was lost. */
export function htmlToDoc(html: string, options: { baseUrl?: string | null } = {}): HtmlToDocResult {
  const converter = new Converter(options.baseUrl);
  const parser = new Parser(
    {
      onopentag: (name, attrs) => converter.open(name, attrs),
      onclosetag: () => converter.close(),
      ontext: (text) => converter.text(text),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  const doc = converter.finish();
  return { doc, images: converter.images, dropped: converter.droppedList() };
}

function mapContent(nodes: RichTextNode[] | undefined, each: (node: RichTextNode) => RichTextNode[]): RichTextNode[] | undefined {
  return nodes?.flatMap(each);
}

/**
 * Replaces each image placeholder (`attrs.importSrc`) with the media-library image the writer stored, or,
 * when the image could not be had, with its alt text as an italic paragraph (removed when there is none).
 * Pure: the document given is not changed.
 */
export function replaceImportImages(
  doc: RichTextNode,
  resolve: (importSrc: string) => { mediaId: number; src: string; alt?: string } | null,
): RichTextNode {
  const visit = (node: RichTextNode): RichTextNode[] => {
    if (node.type === 'image' && typeof node.attrs?.importSrc === 'string') {
      const alt = typeof node.attrs.alt === 'string' ? oneLine(node.attrs.alt) : '';
      const caption = typeof node.attrs.caption === 'string' ? oneLine(node.attrs.caption) : '';
      const found = resolve(node.attrs.importSrc);
      if (!found) {
        const text = alt || caption;
        return text ? [{ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'italic' }] }] }] : [];
      }
      // The editor requires an alt text: the source's, the library's, the caption, or a plain word.
      const finalAlt = alt || oneLine(found.alt ?? '') || caption || 'Illustration';
      return [{ type: 'image', attrs: { mediaId: found.mediaId, src: found.src, alt: finalAlt, ...(caption ? { caption } : {}) } }];
    }
    if (!node.content) return [node];
    const content = mapContent(node.content, visit) ?? [];
    // A quote whose only image went away has nothing left to say.
    if (node.type === 'blockquote' && content.length === 0) return [];
    return [{ ...node, content }];
  };
  return { ...doc, content: mapContent(doc.content, visit) ?? [] };
}

/**
 * Rewrites the links of the text (the old site's addresses → the new ones). `map` answers the new address,
 * or null to keep the link as it is; an answer that safeHref refuses keeps the old one too. Pure.
 */
export function rewriteLinks(doc: RichTextNode, map: (href: string) => string | null): RichTextNode {
  const visit = (node: RichTextNode): RichTextNode => {
    const next: RichTextNode = { ...node };
    if (node.marks) {
      next.marks = node.marks.map((mark) => {
        if (mark.type !== 'link' || typeof mark.attrs?.href !== 'string') return mark;
        const mapped = map(mark.attrs.href);
        const href = mapped === null ? null : safeHref(mapped);
        return href ? { ...mark, attrs: { ...mark.attrs, href } } : mark;
      });
    }
    if (node.content) next.content = node.content.map(visit);
    return next;
  };
  return visit(doc);
}
