/**
 * Writing an Instagram post of the feed: its image (from the media library, with its alt text), caption
 * and link to the post on instagram.com; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the post's fields.
 */
import { type FormEvent, useId, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminInstagramPost, type InstagramPostDraftInput, newsroomInstagram } from '../../api/queries/newsroomInstagram.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorialStatusActions, type StatusAction } from './EditorialStatusActions.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { PreviewLinkButton } from './PreviewLinkButton.tsx';

export interface InstagramEditorLoaded {
  post: PageData<AdminInstagramPost> | null;
}

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

const emptyPost = (): InstagramPostDraftInput => ({
  caption: '',
  image: { url: '/media/svg/instagram/nouveau-post.svg', alt: '', width: 1080, height: 1080 },
  link: 'https://www.instagram.com/p/',
});

const formOf = (post: AdminInstagramPost): InstagramPostDraftInput => ({ caption: post.caption, image: post.image, link: post.link });

export function InstagramEditorPage({ loaded, onCreated }: { loaded: InstagramEditorLoaded; onCreated: (id: number) => void }) {
  const { session } = useNewsroomSession();
  const [post, setPost] = useState<AdminInstagramPost | null>(loaded.post?.data ?? null);
  const [form, setForm] = useState<InstagramPostDraftInput>(() => (loaded.post?.data ? formOf(loaded.post.data) : emptyPost()));
  const [message, setMessage] = useState<{ text: string; error: boolean; conflict?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { caption: useId(), link: useId() };

  if (loaded.post?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.post.error}
      </p>
    );
  }

  const change = <K extends keyof InstagramPostDraftInput>(key: K, value: InstagramPostDraftInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const role = session?.staff.role;
  const mayPublish =
    post !== null && (role === 'editor' || role === 'admin' || (role === 'author' && post.createdById === session?.staff.id));

  const adopt = (fresh: AdminInstagramPost, text: string) => {
    setPost(fresh);
    setForm(formOf(fresh));
    setMessage({ text, error: false });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (caught) {
      const known = caught instanceof NewsroomError;
      setMessage({
        text: known ? caught.message : 'L’opération a échoué : réessayez.',
        error: true,
        conflict: known && caught.status === 409,
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const input = { ...form, link: form.link.trim() };
      if (!post) {
        // The post's own address loads it afresh (the page starts over there).
        onCreated((await newsroomInstagram.create(input)).id);
        return;
      }
      adopt(await newsroomInstagram.save(post.id, { ...input, version: post.version }), 'Post enregistré.');
    });
  };

  const act = (action: StatusAction, scheduledAt?: string) =>
    run(async () => {
      if (!post) return;
      const done = {
        publish: 'Post publié.',
        schedule: 'Post programmé.',
        unpublish: 'Post dépublié.',
        draft: 'Post repassé en brouillon.',
      };
      adopt(await newsroomInstagram.changeStatus(post.id, { action, version: post.version, scheduledAt }), done[action]);
    });

  const reload = () =>
    run(async () => {
      if (post) adopt(await newsroomInstagram.get(post.id), 'Dernière version chargée.');
    });

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
          <LibraryImageFields
            image={form.image}
            onChange={(image) => change('image', image)}
            run={run}
            say={(text, error) => setMessage({ text, error })}
            aspect="aspect-square"
          />
        </div>
        <div className="grid content-start gap-4">
          <div aria-live="polite" className="min-h-6">
            {message ? (
              <div role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
                <p>{message.text}</p>
                {message.conflict ? (
                  <button type="button" onClick={reload} className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold">
                    Recharger la dernière version
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className="rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-50">
            {post ? 'Enregistrer' : 'Créer le brouillon'}
          </button>
          {post ? (
            <EditorialStatusActions
              status={post.status}
              mayPublish={mayPublish}
              busy={busy}
              act={act}
              whoPublishes="Un éditeur ou une éditrice publiera ce post."
            />
          ) : null}
          {post ? <PreviewLinkButton makeLink={() => newsroomInstagram.previewLink(post.id)} /> : null}
        </div>
      </form>
      {post ? (
        <EditorialRevisions
          headingId="revisions-instagram"
          version={post.version}
          run={run}
          load={() => newsroomInstagram.revisions(post.id)}
          restore={async (revision) =>
            adopt(await newsroomInstagram.restore(post.id, revision.id, post.version), `Version ${revision.version} restaurée.`)
          }
        />
      ) : null}
    </section>
  );
}
