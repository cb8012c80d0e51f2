/**
 * The shopping selection, the format's list (FormatListPage) in the readers' order, with — for editors —
 * buttons that move an item one place up or down (saved at once: readers see published items in this order
 * on /shopping).
 */
import { useEffect, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminShoppingItemList, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { FormatListPage } from './FormatListPage.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { moved } from './shoppingFormModel.ts';

const moveClass = 'rounded border-2 border-encre px-2 py-0.5 text-sm font-bold disabled:opacity-40';

export function ShoppingListPage({ loaded }: { loaded: PageData<AdminShoppingItemList> }) {
  const { session } = useNewsroomSession();
  const [list, setList] = useState(loaded.data);
  // The router shows its cached list first and then the fresh one: follow it (an item just added appears).
  useEffect(() => setList(loaded.data), [loaded.data]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const role = session?.staff.role;
  const mayReorder = role === 'editor' || role === 'admin';

  const move = async (id: number, title: string, step: -1 | 1) => {
    if (!list) return;
    setBusy(true);
    setMessage(null);
    try {
      const fresh = await newsroomShopping.reorder(
        moved(
          list.results.map((i) => i.id),
          id,
          step,
        ),
      );
      setList(fresh);
      setMessage({ text: `« ${title} » ${step < 0 ? 'remonte' : 'descend'} d’une place.`, error: false });
    } catch (caught) {
      setMessage({
        text: caught instanceof NewsroomError ? caught.message : 'Le nouvel ordre n’a pas été enregistré : réessayez.',
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormatListPage
      format={shoppingDeclaration}
      loaded={{ data: list, error: loaded.error }}
      placeHeading="Place"
      extraColumn={
        mayReorder
          ? {
              heading: 'Ordre',
              cell: (item, index, rows) => (
                <div className="flex gap-1">
                  <button
                    type="button"
                    className={moveClass}
                    disabled={busy || index === 0}
                    onClick={() => void move(item.id, item.title, -1)}
                    aria-label={`Monter « ${item.title} »`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={moveClass}
                    disabled={busy || index === rows.length - 1}
                    onClick={() => void move(item.id, item.title, 1)}
                    aria-label={`Descendre « ${item.title} »`}
                  >
                    ↓
                  </button>
                </div>
              ),
            }
          : undefined
      }
    >
      <div aria-live="polite" className="mt-2 min-h-6">
        {message ? (
          <p role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
            {message.text}
          </p>
        ) : null}
      </div>
    </FormatListPage>
  );
}
