/**
 * Writing a shopping item: its title, description, image (from the media library, with its alt text),
 * price in euros, merchant and link; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the item's fields.
 */
import { useId } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { type AdminShoppingItem, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { EditorialRevisions } from './EditorialRevisions.tsx';
import { EditorSidebar } from './EditorSidebar.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { emptyShoppingForm, shoppingFormOf, shoppingInputOf } from './shoppingFormModel.ts';
import { doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface ShoppingEditorLoaded {
  item: PageData<AdminShoppingItem> | null;
}

const fieldClass = 'rounded border-2 border-encre px-2 py-1';

export function ShoppingEditorPage({ loaded, onCreated }: { loaded: ShoppingEditorLoaded; onCreated: (id: number) => void }) {
  const editor = useFormatEditor({
    loaded: loaded.item?.data ?? null,
    api: newsroomShopping,
    emptyForm: emptyShoppingForm,
    formOf: shoppingFormOf,
    inputOf: shoppingInputOf,
    onCreated,
    done: doneSentences(shoppingDeclaration),
  });
  const { item, form, change, run, submit, say, revisions } = editor;
  const ids = { title: useId(), description: useId(), price: useId(), merchant: useId(), link: useId() };

  if (loaded.item?.error) {
    return (
      <p role="alert" className="font-bold text-piment-dark">
        {loaded.item.error}
      </p>
    );
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold">{item ? item.title : 'Nouveau produit'}</h1>
      {item ? (
        <p className="mt-1 text-sm">
          {statusLabels[item.status]} · version {item.version} · place {item.position}
          {item.updatedByName ? ` · modifié par ${item.updatedByName}` : ''}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 grid gap-4 lg:grid-cols-[2fr_1fr]" noValidate>
        <div className="grid content-start gap-4">
          <div className="grid gap-1">
            <label htmlFor={ids.title} className="text-sm font-bold">
              Titre
            </label>
            <input
              id={ids.title}
              value={form.title}
              onChange={(e) => change('title', e.target.value)}
              maxLength={160}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.description} className="text-sm font-bold">
              Description
            </label>
            <textarea
              id={ids.description}
              value={form.description}
              onChange={(e) => change('description', e.target.value)}
              maxLength={1000}
              rows={3}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <label htmlFor={ids.price} className="text-sm font-bold">
                Prix (€)
              </label>
              <input
                id={ids.price}
                inputMode="decimal"
                value={form.price}
                onChange={(e) => change('price', e.target.value)}
                placeholder="49,90"
                className={fieldClass}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.merchant} className="text-sm font-bold">
                Marchand
              </label>
              <input
                id={ids.merchant}
                value={form.merchant}
                onChange={(e) => change('merchant', e.target.value)}
                maxLength={80}
                className={fieldClass}
              />
            </div>
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.link} className="text-sm font-bold">
              Lien du produit chez le marchand (https://)
            </label>
            <input id={ids.link} type="url" value={form.link} onChange={(e) => change('link', e.target.value)} className={fieldClass} />
          </div>
          <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-[4/5]" />
        </div>
        <div className="grid content-start gap-4">
          <EditorSidebar editor={editor} format={shoppingDeclaration} />
        </div>
      </form>
      {revisions ? <EditorialRevisions {...revisions} /> : null}
    </section>
  );
}
