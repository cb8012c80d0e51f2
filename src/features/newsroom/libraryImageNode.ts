/**
 * The body's image node for Tiptap: an image of the media library, named by its id (`mediaId`), with its
 * alt text and an optional caption. `src` is only what the editor displays; the server looks the image up
 * by id and refuses anything else (src/server/newsroom/richText.ts). Written here rather than taken from
 * @tiptap/extension-image, whose HTML parsing turns any pasted `<img src>` (another site's, a `data:` one)
 * into an image node that the server would then refuse with the whole save: only figures carrying a
 * library id are read from pasted HTML.
 */
import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';

export interface LibraryImageAttrs {
  mediaId: number;
  src: string;
  alt: string;
  caption: string | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    libraryImage: {
      /** Inserts an image of the media library as a block at the selection. */
      insertLibraryImage: (attrs: LibraryImageAttrs) => ReturnType;
    };
  }
}

const idOf = (element: HTMLElement): number | null => {
  const id = Number(element.getAttribute('data-media-id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export const LibraryImage = Node.create({
  // The server's allow-list knows it by this name.
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      mediaId: { default: null, rendered: false, parseHTML: idOf },
      src: { default: null, rendered: false, parseHTML: (element) => element.querySelector('img')?.getAttribute('src') ?? null },
      alt: { default: '', rendered: false, parseHTML: (element) => element.querySelector('img')?.getAttribute('alt') ?? '' },
      caption: { default: null, rendered: false, parseHTML: (element) => element.querySelector('figcaption')?.textContent ?? null },
    };
  },

  parseHTML() {
    return [{ tag: 'figure[data-media-id]' }];
  },

  renderHTML({ node }) {
    const { mediaId, src, alt, caption } = node.attrs as LibraryImageAttrs;
    const children: DOMOutputSpec[] = [['img', { src, alt, class: 'max-h-72 w-auto rounded', draggable: 'false' }]];
    if (caption) children.push(['figcaption', { class: 'mt-1 text-sm text-encre/75' }, caption]);
    // A selected image (arrow keys, click) shows it: Delete removes it, "Modifier l'image" edits it.
    const selected = '[&.ProseMirror-selectednode]:ring-4 [&.ProseMirror-selectednode]:ring-piment/60';
    return ['figure', { 'data-media-id': String(mediaId), class: `my-4 rounded p-1 ${selected}` }, ...children];
  },

  addCommands() {
    return {
      insertLibraryImage:
        (attrs) =>
        ({ state, commands }) => {
          const node = { type: this.name, attrs };
          // With an image selected, the new one goes after it rather than replacing it.
          if (state.selection instanceof NodeSelection) return commands.insertContentAt(state.selection.to, node);
          return commands.insertContent(node);
        },
    };
  },
});
