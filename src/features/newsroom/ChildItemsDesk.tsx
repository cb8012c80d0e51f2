/**
 * A format's child items in its editor (its declaration's `children`, e.g. a live blog's entries): the form of
 * a new one, then each one with its time and marks (pinned, corrected) and its actions: correct, publish a
 * contributor's draft, pin or unpin, delete — asked first in the shared ConfirmDialog, which names the
 * consequence. The format brings its items' form and how one reads in the list; the calls and the French
 * words follow from the declaration.
 */
import { type ReactNode, useState } from 'react';
import { callOperation } from '../../api/queries/newsroomFormatCalls.ts';
import type { ChildDeclaration } from '../../formats/formatDeclaration.ts';
import { newItem, thisItem } from '../../formats/formatWords.ts';
import { frenchMoment } from '../../lib/frenchDates.ts';
import { useConfirm } from './ConfirmDialog.tsx';
import { editorActions } from './editorVocabulary.ts';

export interface ChildItem {
  id: number;
  status: 'draft' | 'published';
  publishedAt: string | null;
  pinned: boolean;
  correctedAt: string | null;
}

/** What the format's form of an item gets: the item being corrected (none for a new one), its button, its send. */
export interface ChildFormProps<Item, Input> {
  initial?: Item;
  label: string;
  send: (input: Input) => Promise<void>;
}

const button = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function ChildItemsDesk<Item extends ChildItem, Input>(props: {
  declaration: ChildDeclaration;
  parentId: number;
  items: readonly Item[];
  /** The parent takes no new item (a live blog ended). */
  closed: boolean;
  /** Runs one call, then reloads the parent and says `done` on the editor's status line. */
  act: (work: () => Promise<unknown>, done: string) => Promise<void>;
  form: (props: ChildFormProps<Item, Input>) => ReactNode;
  summary: (item: Item) => ReactNode;
}) {
  const { declaration, parentId, act } = props;
  const [editing, setEditing] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const { noun, operations: ops } = declaration;
  const [e, pronoun] = noun.gender === 'feminine' ? ['e', 'Elle'] : ['', 'Il'];
  const the = noun.elided ? `l’${noun.singular}` : `${e ? 'la' : 'le'} ${noun.singular}`;
  const said = (participle: string) => `${noun.singular.charAt(0).toUpperCase()}${noun.singular.slice(1)} ${participle}${e}.`;
  const on = (item: Item, op: 'delete' | 'pin' | 'publish', done: string, body?: { pinned: boolean }) =>
    act(() => callOperation(ops[op], { id: parentId, entryId: item.id }, body ? { body } : {}), done);
  const remove = async (item: Item) => {
    const consequence = `${pronoun} disparaît de la page des lecteurs et de cette liste ; ${pronoun.toLowerCase()} ne peut pas être rétabli${e}.`;
    if (await confirm({ title: `Supprimer ${thisItem(noun)} ?`, consequence, confirmLabel: `${editorActions.delete} ${the}` }))
      await on(item, 'delete', said('supprimé'));
  };

  return (
    <>
      {props.closed ? null : (
        <div className="mt-6 max-w-2xl rounded border-2 border-encre/20 p-4">
          <h2 className="font-display text-xl font-bold">{newItem(noun)}</h2>
          {props.form({
            label: `Publier ${the}`,
            send: (body) => act(() => callOperation(ops.create, { id: parentId }, { body: body as never }), said('publié')),
          })}
        </div>
      )}
      <h2 className="mt-6 font-display text-xl font-bold">{`${noun.plural.charAt(0).toUpperCase()}${noun.plural.slice(1)}`}</h2>
      <ol className="mt-2 grid max-w-2xl gap-3">
        {props.items.map((item) => (
          <li key={item.id} className="rounded border-2 border-encre/20 p-3">
            <p className="text-sm">
              {item.status === 'draft' ? 'Brouillon' : item.publishedAt ? frenchMoment(item.publishedAt, new Date()) : ''}
              {item.pinned ? ` · Épinglé${e}` : ''}
              {item.correctedAt ? ` · Corrigé${e}` : ''}
            </p>
            {editing === item.id
              ? props.form({
                  initial: item,
                  label: 'Enregistrer la correction',
                  send: (body) =>
                    act(
                      () => callOperation(ops.correct, { id: parentId, entryId: item.id }, { body: body as never }),
                      said('corrigé'),
                    ).then(() => setEditing(null)),
                })
              : props.summary(item)}
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={button} onClick={() => setEditing(editing === item.id ? null : item.id)}>
                {editing === item.id ? editorActions.cancel : 'Corriger'}
              </button>
              {item.status === 'draft' ? (
                <button type="button" className={button} onClick={() => on(item, 'publish', said('publié'))}>
                  {editorActions.publishNow}
                </button>
              ) : (
                <button
                  type="button"
                  className={button}
                  onClick={() => on(item, 'pin', said(item.pinned ? 'désépinglé' : 'épinglé'), { pinned: !item.pinned })}
                >
                  {item.pinned ? 'Désépingler' : 'Épingler'}
                </button>
              )}
              <button type="button" className={button} onClick={() => remove(item)}>
                {editorActions.delete}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {dialog}
    </>
  );
}
