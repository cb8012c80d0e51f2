/**
 * The shopping selection, the format's list (FormatListPage) in the readers' order, with — for editors —
 * the ordering controls (OrderControls: drag, or the keyboard's buttons), saved at once: readers see
 * published items in this order on /shopping. A new item comes first.
 */
import { useEffect, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminShoppingItemList, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { shoppingDeclaration } from '../../formats/shoppingFormat.ts';
import { FormatListPage } from './FormatListPage.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { placed } from './listOrder.ts';
import { OrderControls, useDragOrder } from './OrderControls.tsx';

export function ShoppingListPage({ loaded }: { loaded: PageData<AdminShoppingItemList> }) {
  const { session } = useNewsroomSession();
  const [list, setList] = useState(loaded.data);
  // The router shows its cached list first and then the fresh one: follow it (an item just added appears).
  useEffect(() => setList(loaded.data), [loaded.data]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const role = session?.staff.role;
  const mayReorder = role === 'editor' || role === 'admin';

  const place = async (from: number, to: number) => {
    if (!list) return;
    const item = list.results[from];
    if (!item) return;
    setBusy(true);
    setMessage(null);
    try {
      const fresh = await newsroomShopping.reorder(
        placed(
          list.results.map((i) => i.id),
          from,
          to,
        ),
      );
      setList(fresh);
      const now = fresh.results.findIndex((i) => i.id === item.id) + 1;
      setMessage({ text: `« ${item.title} » passe à la place ${now}.`, error: false });
    } catch (caught) {
      setMessage({
        text: caught instanceof NewsroomError ? caught.message : 'Le nouvel ordre n’a pas été enregistré : réessayez.',
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };
  const drag = useDragOrder((from, to) => void place(from, to), mayReorder && !busy);

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
                <div {...drag(index)}>
                  <OrderControls
                    what={`« ${item.title} »`}
                    index={index}
                    count={rows.length}
                    disabled={busy}
                    onPlace={(from, to) => void place(from, to)}
                  />
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
