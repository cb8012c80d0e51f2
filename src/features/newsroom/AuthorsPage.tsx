import { type FormEvent, useCallback, useId, useState } from 'react';
import { type AdminAuthor, type AuthorInput, NewsroomError, newsroom, type PageData } from '../../api/queries/newsroom.ts';
import type { Image } from '../../api/types.ts';
import { editorActions } from './editorVocabulary.ts';
import { LibraryImageFields } from './LibraryImageFields.tsx';

/** The bio's limit, as the contract says (AuthorInput.bio). */
const BIO_MAX = 2000;
const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const emptyPhoto: Image = { url: '', alt: '', width: 1, height: 1 };

type Say = (text: string, error: boolean) => void;

/**
 * Bylines (editors and admins, issue 36): each author's name, address, role, bio and photo (from the media
 * library), shown on their page /auteur/<slug>. No deletion: articles keep their bylines.
 */
export function AuthorsPage({ loaded, opened = null }: { loaded: PageData<AdminAuthor[]>; opened?: number | null }) {
  const [authors, setAuthors] = useState<AdminAuthor[]>(loaded.data ?? []);
  const [editing, setEditing] = useState<number | null>(opened);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );
  const say: Say = useCallback((text, error) => setMessage({ text, error }), []);
  const load = useCallback(async () => setAuthors(await newsroom.authors()), []);

  /** Runs a call; a refusal's French sentence is shown, and the call answers whether it went through. */
  const attempt = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      say(done, false);
      await load();
      return true;
    } catch (caught) {
      say(caught instanceof NewsroomError ? caught.message : 'L’opération a échoué.', true);
      return false;
    }
  };
  const current = authors.find((author) => author.id === editing) ?? null;

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Auteurs</h1>
      <p className="mt-2 max-w-2xl">
        Chaque signature a sa page, <code>/auteur/…</code>, avec sa photo, sa bio et ses articles. Une signature ne se supprime pas : ses
        articles la gardent.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      <ul className="mt-4 grid gap-3" aria-label="Signatures">
        {authors.map((author) => (
          <li key={author.id} className="flex flex-wrap items-center justify-between gap-3 rounded border-2 border-encre/30 p-3">
            <div>
              <p className="font-bold">{author.name}</p>
              <p className="text-sm">
                {author.role ? `${author.role} · ` : ''}
                <a href={`/auteur/${author.slug}`} className="underline">
                  /auteur/{author.slug}
                </a>
                {` · ${author.articleCount} article${author.articleCount > 1 ? 's' : ''}`}
              </p>
            </div>
            <button
              type="button"
              aria-expanded={editing === author.id}
              onClick={() => setEditing(editing === author.id ? null : author.id)}
              className="rounded border-2 border-encre px-3 py-1 font-bold"
            >
              Modifier <span className="sr-only">{author.name}</span>
            </button>
            {current && current.id === author.id ? (
              <AuthorForm
                key={`${current.id}-${current.slug}`}
                title={`Modifier « ${current.name} »`}
                initial={current}
                submitLabel={editorActions.save}
                say={say}
                onSubmit={(input) => attempt(() => newsroom.updateAuthor(current.id, input), 'Signature enregistrée.')}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-8 rounded border-2 border-encre p-4">
        <AuthorForm
          title="Nouvelle signature"
          initial={null}
          submitLabel="Créer la signature"
          say={say}
          onSubmit={(input) => attempt(() => newsroom.createAuthor(input), 'Signature créée.')}
        />
      </div>
    </section>
  );
}

function AuthorForm({
  title,
  initial,
  submitLabel,
  say,
  onSubmit,
}: {
  title: string;
  initial: AdminAuthor | null;
  submitLabel: string;
  say: Say;
  /** Answers whether the write went through (a new author's form is then emptied). */
  onSubmit: (input: AuthorInput) => Promise<boolean>;
}) {
  const headingId = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [role, setRole] = useState(initial?.role ?? '');
  const [bio, setBio] = useState(initial?.bio ?? '');
  const [photo, setPhoto] = useState<Image | null>(initial?.photo ?? null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      say(caught instanceof NewsroomError ? caught.message : 'L’opération a échoué.', true);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = photo && photo.url.trim() !== '' ? photo : null;
    const input: AuthorInput = { name, role, bio, photo: chosen, ...(slug.trim() === '' ? {} : { slug: slug.trim() }) };
    void run(async () => {
      const saved = await onSubmit(input);
      if (saved && !initial) {
        setName('');
        setSlug('');
        setRole('');
        setBio('');
        setPhoto(null);
      }
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={headingId} className="grid w-full gap-3 md:grid-cols-2">
      <h2 id={headingId} className="font-display text-xl font-bold md:col-span-2">
        {title}
      </h2>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Nom</span>
        <input name="name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} className={fieldClass} />
      </label>
      <label className="grid gap-1">
        <span className="text-sm font-bold">Rôle (facultatif)</span>
        <input name="role" maxLength={80} value={role} onChange={(e) => setRole(e.target.value)} className={fieldClass} />
      </label>
      <label className="grid gap-1 md:col-span-2">
        <span className="text-sm font-bold">Adresse de la page (après /auteur/ ; vide : tirée du nom)</span>
        <input
          name="slug"
          maxLength={200}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          className={fieldClass}
        />
      </label>
      <label className="grid gap-1 md:col-span-2">
        <span className="text-sm font-bold">Bio (texte simple, une ligne vide entre deux paragraphes)</span>
        <textarea name="bio" rows={4} maxLength={BIO_MAX} value={bio} onChange={(e) => setBio(e.target.value)} className={fieldClass} />
        <span className="text-sm">
          {bio.length} / {BIO_MAX} caractères
        </span>
      </label>
      <div className="grid gap-2 md:col-span-2">
        {photo ? (
          <>
            <LibraryImageFields image={photo} onChange={setPhoto} run={run} say={say} aspect="aspect-square" legend="Photo" />
            <button type="button" onClick={() => setPhoto(null)} className="justify-self-start rounded border px-2 py-1 text-sm">
              Retirer la photo
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setPhoto(emptyPhoto)}
            className="justify-self-start rounded border-2 border-encre px-2 py-1 text-sm font-bold"
          >
            Ajouter une photo
          </button>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="justify-self-start rounded bg-encre px-4 py-2 font-bold text-white disabled:opacity-60"
      >
        {submitLabel}
      </button>
    </form>
  );
}
