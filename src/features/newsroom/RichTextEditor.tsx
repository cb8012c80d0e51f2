/**
 * The article body's editor: Tiptap 3, limited to what the server's allow-list renders (paragraphs,
 * subheadings, quotes, lists, bold, italic, links, images of the media library). Everything else is
 * switched off here too, so that a paste never produces a node the server would refuse. Loaded lazily with
 * the editor page only. Shortcuts as in any editor: Ctrl/Cmd+B bold, Ctrl/Cmd+I italic (Tiptap's own), and
 * Ctrl/Cmd+K for a link: the link field takes the focus (the selection stays), Enter applies it and brings
 * the writer back to the text, Escape goes back without a link.
 */
import type { JSONContent } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState } from 'react';
import { InsertImageDialog } from './InsertImageDialog.tsx';
import { LibraryImage, type LibraryImageAttrs } from './libraryImageNode.ts';

interface Props {
  initial: JSONContent;
  onChange: (doc: JSONContent) => void;
}

export function RichTextEditor({ initial, onChange }: Props) {
  const [linkHref, setLinkHref] = useState('');
  const linkInput = useRef<HTMLInputElement>(null);
  /** The image dialog: closed, inserting a new image, or editing the selected one. */
  const [imageDialog, setImageDialog] = useState<{ current: LibraryImageAttrs | null } | null>(null);
  const editor = useEditor({
    immediatelyRender: false,
    // The toolbar's pressed states follow the selection.
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      LibraryImage,
    ],
    content: initial,
    editorProps: {
      attributes: {
        'aria-label': "Texte de l'article",
        'aria-multiline': 'true',
        role: 'textbox',
        'aria-keyshortcuts': 'Control+B Meta+B Control+I Meta+I Control+K Meta+K',
        class:
          'article-editor min-h-[50vh] rounded border border-encre/25 bg-white px-1 py-3 text-lg leading-relaxed focus:outline-none focus-visible:ring-4 focus-visible:ring-piment/40 sm:px-3',
      },
      handleKeyDown: (view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          // The browser's selection may be a step ahead of the editor's (selectionchange comes later): take it now,
          // so that the link goes on exactly the words selected.
          const dom = view.dom.ownerDocument.getSelection();
          if (dom?.anchorNode && dom.focusNode && view.dom.contains(dom.anchorNode) && view.dom.contains(dom.focusNode)) {
            const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
            const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
            view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
          }
          linkInput.current?.focus();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON()),
  });
  if (!editor) return <p>Chargement de l'éditeur…</p>;
  const state = {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    h2: editor.isActive('heading', { level: 2 }),
    quote: editor.isActive('blockquote'),
    bullets: editor.isActive('bulletList'),
    numbers: editor.isActive('orderedList'),
    link: editor.isActive('link'),
    image: editor.isActive('image'),
  };

  const button = (label: string, pressed: boolean, run: () => void, shortcut?: string) => (
    <button
      type="button"
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut ? `Control+${shortcut} Meta+${shortcut}` : undefined}
      title={shortcut ? `${label} (Ctrl+${shortcut} ou ⌘${shortcut})` : undefined}
      onClick={run}
      className={`rounded border-2 border-encre px-2 py-1 text-sm font-bold ${pressed ? 'bg-encre text-white' : 'bg-white'}`}
    >
      {label}
    </button>
  );

  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkHref('');
  };

  const imageButton = 'rounded border-2 border-encre bg-white px-2 py-1 text-sm font-bold';
  const placeImage = (attrs: LibraryImageAttrs) => {
    const editing = imageDialog?.current !== null;
    setImageDialog(null);
    if (editing) editor.chain().focus().updateAttributes('image', attrs).run();
    else editor.chain().focus().insertLibraryImage(attrs).run();
  };

  return (
    <div className="grid gap-2">
      <div role="toolbar" aria-label="Mise en forme" className="flex flex-wrap gap-2">
        {button('Gras', state.bold, () => editor.chain().focus().toggleBold().run(), 'B')}
        {button('Italique', state.italic, () => editor.chain().focus().toggleItalic().run(), 'I')}
        {button('Intertitre', state.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {button('Citation', state.quote, () => editor.chain().focus().toggleBlockquote().run())}
        {button('Liste à puces', state.bullets, () => editor.chain().focus().toggleBulletList().run())}
        {button('Liste numérotée', state.numbers, () => editor.chain().focus().toggleOrderedList().run())}
        <button type="button" aria-haspopup="dialog" onClick={() => setImageDialog({ current: null })} className={imageButton}>
          Insérer une image
        </button>
        {state.image ? (
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setImageDialog({ current: editor.getAttributes('image') as LibraryImageAttrs })}
            className={imageButton}
          >
            Modifier l’image
          </button>
        ) : null}
      </div>
      {imageDialog ? <InsertImageDialog current={imageDialog.current} onDone={placeImage} onClose={() => setImageDialog(null)} /> : null}
      <EditorContent editor={editor} />
      {/* A fieldset, not a form: the editor sits inside the article's form, and forms do not nest. */}
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="sr-only">Lien</legend>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Adresse du lien (sélectionnez d'abord le texte)</span>
          <input
            ref={linkInput}
            type="text"
            inputMode="url"
            aria-keyshortcuts="Control+K Meta+K"
            value={linkHref}
            onChange={(e) => setLinkHref(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                // Back to the text, the selection as it was (the page's dialogs are not open here).
                e.preventDefault();
                setLinkHref('');
                editor.commands.focus();
              }
            }}
            placeholder="https://… ou /rubrique/article"
            className="rounded border-2 border-encre px-2 py-1"
          />
        </label>
        <button type="button" onClick={applyLink} className="rounded border-2 border-encre px-2 py-1 text-sm font-bold">
          {state.link && linkHref === '' ? 'Retirer le lien' : 'Appliquer le lien'}
        </button>
      </fieldset>
    </div>
  );
}
