/**
 * Ghost ≤ 4's Mobiledoc (the `mobiledoc` column, a JSON string, version 0.3) → simple HTML, for the
 * posts whose export carries no `html`. Sections: markup (1), image (2), list (3), card (10); markers
 * open and close markups by index; atoms are Ghost's `soft-return` (a line break).
 */
import { attr, figure, isRecord, linkParagraph, markdownParagraphs, text } from './html.ts';

interface Markup {
  tag: string;
  href: string | null;
}

interface Doc {
  markups: Markup[];
  atoms: unknown[][];
  cards: unknown[][];
}

const SECTION_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside', 'pull-quote']);
const MARKUP_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'sub', 'sup']);

export function mobiledocToHtml(mobiledoc: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(mobiledoc);
  } catch {
    return '';
  }
  if (!isRecord(doc) || !Array.isArray(doc.sections)) return '';
  const parsed: Doc = {
    markups: arrays(doc.markups).map(markup),
    atoms: arrays(doc.atoms),
    cards: arrays(doc.cards),
  };
  return arrays(doc.sections)
    .map((section) => renderSection(section, parsed))
    .join('');
}

function arrays(value: unknown): unknown[][] {
  return Array.isArray(value) ? value.filter((item): item is unknown[] => Array.isArray(item)) : [];
}

function markup([tag, attrs]: unknown[]): Markup {
  const name = typeof tag === 'string' ? tag.toLowerCase() : '';
  let href: string | null = null;
  if (Array.isArray(attrs)) {
    for (let i = 0; i + 1 < attrs.length; i += 2) if (attrs[i] === 'href') href = String(attrs[i + 1]);
  }
  return { tag: MARKUP_TAGS.has(name) ? name : 'span', href };
}

function renderSection(section: unknown[], doc: Doc): string {
  const [kind, a, b] = section;
  if (kind === 1 && typeof a === 'string' && Array.isArray(b)) {
    const tag = a.toLowerCase();
    const inner = markers(b, doc);
    if (inner === '') return '';
    if (tag === 'aside' || tag === 'blockquote' || tag === 'pull-quote') return `<blockquote><p>${inner}</p></blockquote>`;
    return `<${SECTION_TAGS.has(tag) ? tag : 'p'}>${inner}</${SECTION_TAGS.has(tag) ? tag : 'p'}>`;
  }
  if (kind === 2) return figure(a, '', '');
  if (kind === 3 && Array.isArray(b)) {
    const tag = a === 'ol' ? 'ol' : 'ul';
    const items = b.map((item) => (Array.isArray(item) ? `<li>${markers(item, doc)}</li>` : '')).join('');
    return items === '' ? '' : `<${tag}>${items}</${tag}>`;
  }
  if (kind === 10 && typeof a === 'number') {
    const card = doc.cards[a];
    return card ? renderCard(card[0], isRecord(card[1]) ? card[1] : {}) : '';
  }
  return '';
}

/** Markers: [type (0 text, 1 atom), markup indexes opened, how many close after, value]. */
function markers(list: unknown[], doc: Doc): string {
  let html = '';
  const open: Markup[] = [];
  for (const marker of list) {
    if (!Array.isArray(marker)) continue;
    const [type, opens, closes, value] = marker;
    for (const index of Array.isArray(opens) ? opens : []) {
      const m = typeof index === 'number' ? doc.markups[index] : undefined;
      if (!m) continue;
      open.push(m);
      html += m.tag === 'a' ? `<a href="${attr(m.href ?? '')}">` : `<${m.tag}>`;
    }
    if (type === 0) html += text(value);
    else if (type === 1 && typeof value === 'number') html += atom(doc.atoms[value]);
    for (let i = 0; i < (typeof closes === 'number' ? closes : 0); i++) {
      const m = open.pop();
      if (m) html += `</${m.tag}>`;
    }
  }
  while (open.length > 0) html += `</${open.pop()?.tag}>`;
  return html;
}

function atom(value: unknown[] | undefined): string {
  if (!value) return '';
  const [name, content] = value;
  return name === 'soft-return' ? '<br>' : text(content);
}

function renderCard(name: unknown, payload: Record<string, unknown>): string {
  switch (name) {
    case 'image':
      return figure(payload.src, payload.alt, payload.caption);
    case 'gallery':
      return (Array.isArray(payload.images) ? payload.images : [])
        .map((image) => (isRecord(image) ? figure(image.src, image.alt, image.caption) : ''))
        .join('');
    case 'html':
      return typeof payload.html === 'string' ? payload.html : '';
    case 'markdown':
    case 'card-markdown':
      return markdownParagraphs(payload.markdown);
    case 'hr':
      return '<hr>';
    case 'code':
      return typeof payload.code === 'string' ? `<pre><code>${text(payload.code)}</code></pre>` : '';
    case 'bookmark':
      return linkParagraph(payload.url, isRecord(payload.metadata) ? payload.metadata.title : null);
    case 'embed':
      return linkParagraph(payload.url, isRecord(payload.metadata) ? payload.metadata.title : null);
    default:
      return '';
  }
}
