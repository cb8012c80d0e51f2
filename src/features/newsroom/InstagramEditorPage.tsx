/**
 * Writing an Instagram post of the feed: its image (from the media library, with its alt text), caption
 * and link to the post on instagram.com; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the post's fields.
 */
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { instagramDeclaration } from '../../formats/instagramFormat.ts';
import { type AdminInstagramPost, type InstagramPostDraftInput, newsroomInstagram } from '../../api/queries/newsroomInstagram.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { always, doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface InstagramEditorLoaded {
  post: PageData<AdminInstagramPost> | null;
}

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

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
  const { item: post, form, change, run, submit, say, revisions } = editor;
  const ids = { caption: useId(), link: useId() };

  if (loaded.post?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.post.error}
      </p>
    );
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{post ? 'Post Instagram' : 'Nouveau post Instagram'}</h1>
      {post ? (
        <p className="mt-1 text-sm">
          {statusLabels[post.status]} · version {post.version}
          {post.updatedByName ? ` · modifié par ${post.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.caption} className="text-sm font-bold">
              Légende
            </label>
            <textarea
              id={ids.caption}
              value={form.caption}
              onChange={(e) => change('caption', e.target.value)}
              maxLength={2200}
              rows={5}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.link} className="text-sm font-bold">
              Lien du post sur Instagram (https://www.instagram.com/…)
            </label>
            <input id={ids.link} type="url" value={form.link} onChange={(e) => change('link', e.target.value)} className={fieldClass} />
          </div>
          <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-square" />
        </div>
        <div className="grid content-start gap-4">
          <EditorSidebar editor={editor} format={instagramDeclaration} />
        </div>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
