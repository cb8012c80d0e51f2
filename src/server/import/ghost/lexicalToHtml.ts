/**
 * Ghost 5/6's Lexical document (the `lexical` column, a JSON string) → simple HTML, for the posts
 * whose export carries no `html`. Only what the magazine's editor can hold is rendered; an unknown
 * card renders nothing rather than guessed markup.
 */
import { attr, figure, isRecord, linkParagraph, markdownParagraphs, text, wrap } from './html.ts';

type Node = Record<string, unknown>;

/** Lexical's text format bit flags, outermost first. */
const FORMATS: [number, string][] = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [8, 'u'],
  [16, 'code'],
  [32, 'sub'],
  [64, 'sup'],
  [128, 'mark'],
];

export function lexicalToHtml(lexical: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(lexical);
  } catch {
    return '';
  }
  if (!isRecord(doc) || !isRecord(doc.root)) return '';
  return children(doc.root);
}

function children(node: Node): string {
  const list = Array.isArray(node.children) ? node.children : [];
  return list.map((child) => (isRecord(child) ? render(child) : '')).join('');
}

function render(node: Node): string {
  switch (node.type) {
    case 'paragraph':
      return wrap('p', children(node));
    case 'heading':
    case 'extended-heading': {
      const tag = typeof node.tag === 'string' && /^h[1-6]$/.test(node.tag) ? node.tag : 'h2';
      return wrap(tag, children(node));
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return wrap('blockquote', wrap('p', children(node)));
    case 'list': {
      const tag = node.listType === 'number' || node.tag === 'ol' ? 'ol' : 'ul';
      return wrap(tag, children(node));
    }
    case 'listitem':
      return `<li>${children(node)}</li>`;
    case 'link':
    case 'autolink':
      return typeof node.url === 'string' ? `<a href="${attr(node.url)}">${children(node)}</a>` : children(node);
    case 'text':
    case 'extended-text':
      return formatted(node);
    case 'linebreak':
      return '<br>';
    case 'tab':
      return ' ';
    case 'horizontalrule':
      return '<hr>';
    case 'image':
      return figure(node.src, node.alt, node.caption);
    case 'gallery':
      return gallery(node);
    case 'bookmark':
      return linkParagraph(node.url, isRecord(node.metadata) ? node.metadata.title : null);
    case 'embed':
      return linkParagraph(node.url, isRecord(node.metadata) ? node.metadata.title : null);
    case 'html':
      return typeof node.html === 'string' ? node.html : '';
    case 'markdown':
      return markdownParagraphs(node.markdown);
    case 'callout':
      return typeof node.calloutText === 'string' && node.calloutText !== '' ? `<p>${node.calloutText}</p>` : '';
    case 'codeblock':
      return typeof node.code === 'string' ? `<pre><code>${text(node.code)}</code></pre>` : '';
    default:
      return '';
  }
}

function formatted(node: Node): string {
  let html = text(node.text);
  const format = typeof node.format === 'number' ? node.format : 0;
  for (const [bit, tag] of [...FORMATS].reverse()) {
    if (format & bit) html = `<${tag}>${html}</${tag}>`;
  }
  return html;
}

function gallery(node: Node): string {
  const images = Array.isArray(node.images) ? node.images : [];
  return images.map((image) => (isRecord(image) ? figure(image.src, image.alt, image.caption) : '')).join('');
}
