/**
 * Writing an Instagram post of the feed: its image (from the media library, with its alt text), caption
 * and link to the post on instagram.com; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the post's fields.
 */
import type { PageData } from '../../api/queries/newsroom.ts';
import { instagramDeclaration } from '../../formats/instagramFormat.ts';
import { type AdminInstagramPost, type InstagramPostDraftInput, newsroomInstagram } from '../../api/queries/newsroomInstagram.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface InstagramEditorLoaded {
  post: PageData<AdminInstagramPost> | null;
}

const emptyPost = (): InstagramPostDraftInput => ({
  caption: '',
  image: { url: '/media/svg/instagram/nouveau-post.svg', alt: '', width: 1080, height: 1080 },
  // Empty, not a bare https://www.instagram.com/p/: a new post starts on no address that does not exist (issue 39).
  link: '',
});

const formOf = (post: AdminInstagramPost): InstagramPostDraftInput => ({ caption: post.caption, image: post.image, link: post.link });

export function InstagramEditorPage({ loaded, onCreated }: { loaded: InstagramEditorLoaded; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded.post?.data ?? null,
    api: newsroomInstagram,
    emptyForm: emptyPost,
    formOf: formOf,
    inputOf: always((form: InstagramPostDraftInput) => ({ ...form, link: form.link.trim() })),
    onCreated,
    done: doneSentences(instagramDeclaration),
  });
  const { form, change, run, say } = editor;

  return (
    <FormatEditorFrame editor={editor} format={instagramDeclaration} loadError={loaded.post?.error}>
      <FieldRow label="Légende" value={form.caption} onChange={(v) => change('caption', v)} maxLength={2200} rows={5} />
      <FieldRow
        label="Lien du post sur Instagram (https://www.instagram.com/…)"
        type="url"
        value={form.link}
        onChange={(v) => change('link', v)}
      />
      <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-square" />
    </FormatEditorFrame>
  );
}
