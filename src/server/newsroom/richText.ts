/**
 * The editor's document (Tiptap / ProseMirror JSON) through an allow-list. Only the nodes and marks below
 * exist for readers; anything else is refused with a French sentence (never silently kept, never turned
 * into HTML). What readers get are the contract's ContentBlocks: plain text plus formatted spans, which
 * the article page renders with React (escaped). No HTML string from an editor ever reaches a reader.
 *
 * Images in the body are images of the media library only: the document names one by its id, and what
 * readers get (addresses, dimensions, variants) comes from the library row the server looked up, never
 * from the document. An unknown id, an outside or `data:` address, a missing alt text are refused.
 */
import type { ContentBlock, ImageBlock, TextBlock } from '../../api/types.ts';
import type { RichTextNode } from '../../db/schema.ts';

type Span = NonNullable<TextBlock['spans']>[number];

export type DocCheck = { ok: true; doc: RichTextNode; blocks: ContentBlock[] } | { ok: false; message: string };

/** An image of the media library as the server found it (its own row, not what a document says of it). */
export interface LibraryImage {
  id: number;
  /** The largest WebP variant, with its dimensions. */
  url: string;
  width: number;
  height: number;
  variants: ImageBlock['variants'];
}

/** The library images a document may use, looked up beforehand (checkDoc itself stays pure and synchronous). */
export type LibraryLookup = (id: number) => LibraryImage | undefined;

const MAX_DEPTH = 6;
const MAX_TEXT = 200_000;
export const MAX_BODY_IMAGES = 50;
const MAX_IMAGE_TEXT = 1000;

const BLOCK_NODES = new Set(['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'image']);
const INLINE_NODES = new Set(['text', 'hardBreak']);
const MARKS = new Set(['bold', 'italic', 'link']);

/** http(s), mailto, or a path of this site. `javascript:`, `data:`, `//host` and the rest are refused. */
export function safeHref(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (trimmed.length === 0 || trimmed.length > 2000) return null;
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return url.href;
  } catch {
    return null;
  }
  return null;
}

class Refused extends Error {}

function refuse(message: string): never {
  throw new Refused(message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Inline content → spans (merged text) and the cleaned nodes. */
function inline(content: unknown, depth: number): { spans: Span[]; nodes: RichTextNode[] } {
  if (content === undefined) return { spans: [], nodes: [] };
  if (!Array.isArray(content)) refuse('Le document est mal formé (contenu attendu sous forme de liste).');
  const spans: Span[] = [];
  const nodes: RichTextNode[] = [];
  for (const node of content) {
    if (!isObject(node) || typeof node.type !== 'string') refuse('Le document est mal formé.');
    if (!INLINE_NODES.has(node.type)) refuse(`Le document contient un élément non autorisé : « ${String(node.type).slice(0, 40)} ».`);
    if (node.type === 'hardBreak') {
      spans.push({ text: '\n' });
      nodes.push({ type: 'hardBreak' });
      continue;
    }
    if (typeof node.text !== 'string' || node.text.length === 0) refuse('Le document contient un texte vide ou mal formé.');
    const span: Span = { text: node.text };
    const marks: NonNullable<RichTextNode['marks']> = [];
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) refuse('Le document est mal formé (mise en forme).');
      for (const mark of node.marks) {
        if (!isObject(mark) || typeof mark.type !== 'string' || !MARKS.has(mark.type)) {
          refuse(`Le document contient une mise en forme non autorisée : « ${String(isObject(mark) ? mark.type : mark).slice(0, 40)} ».`);
        }
        if (mark.type === 'link') {
          const href = safeHref(isObject(mark.attrs) ? mark.attrs.href : undefined);
          if (!href) refuse('Un lien du texte n’est pas autorisé : seuls les liens http(s), mailto et les chemins du site le sont.');
          span.href = href;
          marks.push({ type: 'link', attrs: { href } });
        } else {
          span[mark.type as 'bold' | 'italic'] = true;
          marks.push({ type: mark.type });
        }
      }
    }
    spans.push(span);
    nodes.push(marks.length > 0 ? { type: 'text', text: node.text, marks } : { type: 'text', text: node.text });
  }
  if (depth > MAX_DEPTH) refuse('Le document est trop imbriqué.');
  return { spans, nodes };
}

function block(type: TextBlock['type'], spans: Span[]): TextBlock | null {
  const text = spans.map((s) => s.text).join('');
  if (text.trim() === '') return null;
  const plain = spans.every((s) => !s.bold && !s.italic && !s.href);
  return plain ? { type, text } : { type, text, spans };
}

/** One line of plain text: alt texts and captions are attributes, not paragraphs. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

interface Walk {
  images: LibraryLookup;
  imageCount: number;
}

/** An image node → the reader's block and the cleaned node, from the library's row (see the file's comment). */
function imageOf(node: Record<string, unknown>, walk: Walk): { block: ImageBlock; node: RichTextNode } {
  walk.imageCount += 1;
  if (walk.imageCount > MAX_BODY_IMAGES) refuse(`Le texte contient trop d’images (${MAX_BODY_IMAGES} au plus).`);
  const attrs = isObject(node.attrs) ? node.attrs : {};
  const id = attrs.mediaId;
  if (id === undefined || id === null) {
    refuse('Une image du texte n’est pas autorisée : seules les images de la médiathèque le sont (« Insérer une image »).');
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) refuse('Une image du texte a un identifiant de médiathèque invalide.');
  const found = walk.images(id);
  if (!found) refuse(`L’image n° ${id} n’existe pas dans la médiathèque : choisissez-en une autre.`);
  // The editor sends the address it displays; anything but this image's own variants means another image.
  const src = attrs.src;
  if (src !== undefined && src !== null && src !== found.url && !found.variants.some((v) => v.url === src)) {
    refuse('L’adresse d’une image du texte ne correspond pas à la médiathèque : seules ses images sont autorisées.');
  }
  const alt = typeof attrs.alt === 'string' ? oneLine(attrs.alt) : '';
  if (alt === '') refuse('Le texte alternatif d’une image du texte est obligatoire.');
  if (alt.length > MAX_IMAGE_TEXT) refuse('Le texte alternatif d’une image du texte est trop long (1 000 caractères au plus).');
  if (attrs.caption !== undefined && attrs.caption !== null && typeof attrs.caption !== 'string')
    refuse('La légende d’une image du texte est mal formée.');
  const caption = typeof attrs.caption === 'string' ? oneLine(attrs.caption) : '';
  if (caption.length > MAX_IMAGE_TEXT) refuse('La légende d’une image du texte est trop longue (1 000 caractères au plus).');
  const block: ImageBlock = {
    type: 'image',
    text: caption,
    mediaId: found.id,
    url: found.url,
    alt,
    ...(caption ? { caption } : {}),
    width: found.width,
    height: found.height,
    variants: found.variants.map(({ format, width, height, url }) => ({ format, width, height, url })),
  };
  return { block, node: { type: 'image', attrs: { mediaId: found.id, src: found.url, alt, ...(caption ? { caption } : {}) } } };
}

function blocksOf(nodes: unknown, depth: number, out: ContentBlock[], inQuote: boolean, walk: Walk): RichTextNode[] {
  if (!Array.isArray(nodes)) refuse('Le document est mal formé (contenu attendu sous forme de liste).');
  if (depth > MAX_DEPTH) refuse('Le document est trop imbriqué.');
  const cleaned: RichTextNode[] = [];
  for (const node of nodes) {
    if (!isObject(node) || typeof node.type !== 'string') refuse('Le document est mal formé.');
    if (!BLOCK_NODES.has(node.type)) refuse(`Le document contient un élément non autorisé : « ${node.type.slice(0, 40)} ».`);
    switch (node.type) {
      case 'image': {
        // A figure of its own, also inside a quote (where the editor lets it go); never inside a list item.
        const image = imageOf(node, walk);
        out.push(image.block);
        cleaned.push(image.node);
        break;
      }
      case 'paragraph': {
        const { spans, nodes: content } = inline(node.content, depth + 1);
        const made = block(inQuote ? 'quote' : 'paragraph', spans);
        if (made) out.push(made);
        cleaned.push(content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' });
        break;
      }
      case 'heading': {
        const raw = isObject(node.attrs) ? node.attrs.level : 2;
        const level = raw === 3 ? 3 : 2;
        const { spans, nodes: content } = inline(node.content, depth + 1);
        const made = block('heading', spans);
        if (made) out.push(made);
        cleaned.push({ type: 'heading', attrs: { level }, ...(content.length > 0 ? { content } : {}) });
        break;
      }
      case 'blockquote': {
        const content = blocksOf(node.content ?? [], depth + 1, out, true, walk);
        cleaned.push({ type: 'blockquote', content });
        break;
      }
      default: {
        // bulletList / orderedList: each listItem holds paragraphs.
        const kind = node.type === 'bulletList' ? 'bullet' : 'numbered';
        if (!Array.isArray(node.content)) refuse('Le document est mal formé (liste).');
        const items: RichTextNode[] = [];
        for (const item of node.content) {
          if (!isObject(item) || item.type !== 'listItem' || !Array.isArray(item.content))
            refuse('Le document est mal formé (élément de liste).');
          const paragraphs: RichTextNode[] = [];
          const spans: Span[] = [];
          for (const p of item.content) {
            if (!isObject(p) || p.type !== 'paragraph') refuse('Une liste ne peut contenir que des paragraphes.');
            const got = inline(p.content, depth + 2);
            if (spans.length > 0 && got.spans.length > 0) spans.push({ text: '\n' });
            spans.push(...got.spans);
            paragraphs.push(got.nodes.length > 0 ? { type: 'paragraph', content: got.nodes } : { type: 'paragraph' });
          }
          const made = block(kind, spans);
          if (made) out.push(made);
          items.push({ type: 'listItem', content: paragraphs });
        }
        cleaned.push({ type: node.type, content: items });
      }
    }
  }
  return cleaned;
}

/**
 * Checks a document against the allow-list; answers the cleaned document and the reader's blocks. Image
 * nodes must name an image `images` knows (see imageIdsOf); without it, every image is refused.
 */
export function checkDoc(doc: unknown, images: LibraryLookup = () => undefined): DocCheck {
  try {
    if (!isObject(doc) || doc.type !== 'doc') refuse('Le document doit être un document de l’éditeur (type « doc »).');
    const blocks: ContentBlock[] = [];
    const content = blocksOf(doc.content ?? [], 0, blocks, false, { images, imageCount: 0 });
    const size = blocks.reduce((n, b) => n + b.text.length, 0);
    if (size > MAX_TEXT) refuse('Le texte est trop long.');
    return { ok: true, doc: { type: 'doc', content }, blocks };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The library ids named by the document's image nodes, to look up before checkDoc. Only a quick, bounded
 * walk: whatever is malformed (a string id, too many images, too deep) is left for checkDoc to refuse.
 */
export function imageIdsOf(doc: unknown): number[] {
  const ids = new Set<number>();
  const visit = (node: unknown, depth: number) => {
    if (!isObject(node) || depth > MAX_DEPTH + 2 || ids.size > MAX_BODY_IMAGES) return;
    if (node.type === 'image' && isObject(node.attrs)) {
      const id = node.attrs.mediaId;
      if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) ids.add(id);
      return;
    }
    if (Array.isArray(node.content)) for (const child of node.content) visit(child, depth + 1);
  };
  visit(doc, 0);
  return [...ids];
}

/** An article from before the newsroom: its published blocks as an editor document. */
export function docFromBlocks(blocks: readonly ContentBlock[]): RichTextNode {
  const content: RichTextNode[] = [];
  for (const b of blocks) {
    if (b.type === 'image') {
      content.push({ type: 'image', attrs: { mediaId: b.mediaId, src: b.url, alt: b.alt, ...(b.caption ? { caption: b.caption } : {}) } });
      continue;
    }
    if (b.text.trim() === '') continue;
    const spans = b.spans ?? [{ text: b.text }];
    const inlineNodes: RichTextNode[] = spans
      .filter((s) => s.text.length > 0)
      .map((s) => {
        const marks: NonNullable<RichTextNode['marks']> = [];
        if (s.bold) marks.push({ type: 'bold' });
        if (s.italic) marks.push({ type: 'italic' });
        if (s.href) marks.push({ type: 'link', attrs: { href: s.href } });
        return marks.length > 0 ? { type: 'text', text: s.text, marks } : { type: 'text', text: s.text };
      });
    const paragraph: RichTextNode = { type: 'paragraph', content: inlineNodes };
    if (b.type === 'heading') content.push({ type: 'heading', attrs: { level: 2 }, content: inlineNodes });
    else if (b.type === 'quote') content.push({ type: 'blockquote', content: [paragraph] });
    else if (b.type === 'bullet' || b.type === 'numbered') {
      const listType = b.type === 'bullet' ? 'bulletList' : 'orderedList';
      const last = content.at(-1);
      const item = { type: 'listItem', content: [paragraph] };
      if (last?.type === listType) last.content?.push(item);
      else content.push({ type: listType, content: [item] });
    } else content.push(paragraph);
  }
  return { type: 'doc', content };
}

/** The plain text of blocks, paragraph by paragraph (revisions' diff): an image is named by its alt text. */
export function plainParagraphs(blocks: readonly ContentBlock[]): string[] {
  return blocks.map((b) => (b.type === 'image' ? `[Image : ${b.alt}]${b.caption ? ` ${b.caption}` : ''}` : b.text));
}

export function readingMinutes(blocks: readonly ContentBlock[]): number {
  const words = blocks.reduce((n, b) => n + b.text.split(/\s+/).filter(Boolean).length, 0);
  return Math.max(1, Math.round(words / 220));
}
