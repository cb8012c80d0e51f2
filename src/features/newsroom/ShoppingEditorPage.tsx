/**
 * Writing a shopping item: its title, description, image (from the media library, with its alt text),
 * price in euros, merchant and link; then saving (the version the editor loaded: a 409 names who saved
 * first), publishing, scheduling or unpublishing, and the revisions with restore — the articles' workflow,
 * the item's fields.
 */
import type { PageData } from '../../api/queries/newsroom.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { type AdminShoppingItem, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { FieldRow } from './FieldRow.tsx';
import { FormatEditorFrame } from './FormatEditorFrame.tsx';
import { LibraryImageFields } from './LibraryImageFields.tsx';
import { emptyShoppingForm, shoppingFormOf, shoppingInputOf } from './shoppingFormModel.ts';
import { doneSentences, useFormatEditor } from './useFormatEditor.ts';

export interface ShoppingEditorLoaded {
  item: PageData<AdminShoppingItem> | null;
}

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
  const { item, form, change, run, say } = editor;
  const field = (key: 'title' | 'description' | 'price' | 'merchant' | 'link') => ({
    value: form[key],
    onChange: (value: string) => change(key, value),
  });

  return (
    <FormatEditorFrame
      editor={editor}
      format={shoppingDeclaration}
      loadError={loaded.item?.error}
      title={item?.title}
      details={item ? ` · place ${item.position}` : null}
    >
      <FieldRow label="Titre" maxLength={160} {...field('title')} />
      <FieldRow label="Description" maxLength={1000} rows={3} {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldRow label="Prix (€)" inputMode="decimal" placeholder="49,90" {...field('price')} />
        <FieldRow label="Marchand" maxLength={80} {...field('merchant')} />
      </div>
      <FieldRow label="Lien du produit chez le marchand (https://)" type="url" {...field('link')} />
      <LibraryImageFields image={form.image} onChange={(image) => change('image', image)} run={run} say={say} aspect="aspect-[4/5]" />
    </FormatEditorFrame>
  );
}
