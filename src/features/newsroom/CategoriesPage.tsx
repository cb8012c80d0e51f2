import { type FormEvent, useCallback, useState } from 'react';
import { type AdminCategory, NewsroomError, newsroom, type PageData } from '../../api/queries/newsroom.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { editorActions } from './editorVocabulary.ts';

/** Categories (editors and admins): create, rename, describe, reorder, delete when empty. */
export function CategoriesPage({ loaded }: { loaded: PageData<AdminCategory[]> }) {
  const [categories, setCategories] = useState<AdminCategory[]>(loaded.data ?? []);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(
    loaded.error ? { text: loaded.error, error: true } : null,
  );

  const load = useCallback(async () => setCategories(await newsroom.categories()), []);
  const { confirm, dialog } = useConfirm();
  const remove = async (category: AdminCategory) => {
    const yes = await confirm({
      title: `Supprimer la rubrique « ${category.name} » ?`,
      consequence:
        'Elle disparaît de la rédaction et du site ; seule une rubrique vide peut être supprimée, et on ne peut pas revenir en arrière.',
      confirmLabel: 'Supprimer la rubrique',
    });
    if (yes) await attempt(() => newsroom.deleteCategory(category.id), 'Rubrique supprimée.');
  };

  const attempt = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setMessage({ text: done, error: false });
      await load();
    } catch (caught) {
      setMessage({ text: caught instanceof NewsroomError ? caught.message : 'L’opération a échoué.', error: true });
    }
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void attempt(
      () =>
        newsroom.createCategory({
          name: String(data.get('name') ?? ''),
          description: String(data.get('description') ?? ''),
          color: String(data.get('color') ?? '#c8102e'),
        }),
      'Rubrique créée.',
    ).then(() => form.reset());
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = categories.map((c) => c.id);
    const [taken] = ids.splice(index, 1);
    if (taken === undefined) return;
    ids.splice(index + by, 0, taken);
    void attempt(() => newsroom.reorderCategories(ids), 'Ordre enregistré.');
  };

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Rubriques</h1>
      {dialog}
      <div aria-live="polite" className="mt-3 min-h-6">
        {message ? <p className={message.error ? 'font-bold text-piment-dark' : 'text-green-800'}>{message.text}</p> : null}
      </div>
      <ol className="mt-4 grid gap-3">
        {categories.map((category, index) => (
          <li key={category.id} className="rounded border-2 border-encre/30 p-3">
            <form
              aria-label={`Rubrique ${category.name}`}
              className="grid gap-2 md:grid-cols-[1fr_2fr_auto_auto]"
              onSubmit={(event) => {
                event.preventDefault();
                const data = new FormData(event.currentTarget);
                void attempt(
                  () =>
                    newsroom.updateCategory(category.id, {
                      name: String(data.get('name') ?? ''),
                      description: String(data.get('description') ?? ''),
                    }),
                  'Rubrique enregistrée.',
                );
              }}
            >
              <label className="grid gap-1">
                <span className="text-sm font-bold">Nom</span>
                <input name="name" defaultValue={category.name} required className="rounded border-2 border-encre px-2 py-1" />
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-bold">Description</span>
                <input name="description" defaultValue={category.description} className="rounded border-2 border-encre px-2 py-1" />
              </label>
              <button type="submit" className="self-end rounded border-2 border-encre px-3 py-1 font-bold">
                {editorActions.save}
              </button>
              <p className="self-end text-sm">
                /{category.slug} · {category.articleCount} article{category.articleCount > 1 ? 's' : ''}
              </p>
            </form>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className="rounded border px-2 py-1 text-sm disabled:opacity-50"
              >
                Monter <span className="sr-only">{category.name}</span>
              </button>
              <button
                type="button"
                disabled={index === categories.length - 1}
                onClick={() => move(index, 1)}
                className="rounded border px-2 py-1 text-sm disabled:opacity-50"
              >
                Descendre <span className="sr-only">{category.name}</span>
              </button>
              <button type="button" onClick={() => void remove(category)} className="rounded border px-2 py-1 text-sm">
                {editorActions.delete} <span className="sr-only">{category.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <form
        onSubmit={create}
        className="mt-8 grid gap-3 rounded border-2 border-encre p-4 md:grid-cols-4"
        aria-labelledby="nouvelle-rubrique"
      >
        <h2 id="nouvelle-rubrique" className="font-display text-xl font-bold md:col-span-4">
          Nouvelle rubrique
        </h2>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Nom</span>
          <input name="name" required className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <label className="grid gap-1 md:col-span-2">
          <span className="text-sm font-bold">Description</span>
          <input name="description" className="rounded border-2 border-encre px-2 py-1" />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Couleur</span>
          <input name="color" type="color" defaultValue="#c8102e" className="h-9 rounded border-2 border-encre" />
        </label>
        <button type="submit" className="rounded bg-encre px-4 py-2 font-bold text-white md:col-start-4">
          Créer la rubrique
        </button>
      </form>
    </section>
  );
}
