/**
 * The shopping selection (every state) in the readers' order: each item's price, merchant and state, a link
 * to add one, and — for editors — buttons that move an item one place up or down (saved at once: readers
 * see published items in this order on /shopping).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { type AdminShoppingItemList, newsroomShopping } from '../../api/queries/newsroomShopping.ts';
import { useNewsroomSession } from './NewsroomShell.tsx';
import { statusLabels } from './newsroomLabels.ts';
import { moved, priceLabel } from './shoppingFormModel.ts';

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
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">Sélection shopping</h1>
        <Link to="/admin/shopping/$id" params={{ id: 'nouveau' }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          Nouveau produit
        </Link>
      </div>
      <p className="mt-1 max-w-3xl text-sm">
        Les produits de la page Shopping, dans l’ordre où les lectrices les voient. Seuls les produits publiés y apparaissent ; leurs liens
        sont marqués comme sponsorisés.
      </p>
      {loaded.error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {loaded.error}
        </p>
      ) : null}
      <div aria-live="polite" className="mt-2 min-h-6">
        {message ? (
          <p role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
            {message.text}
          </p>
        ) : null}
      </div>
      {list && list.results.length === 0 ? <p className="mt-4">Aucun produit pour l’instant.</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">
              {list.total} produit{list.total > 1 ? 's' : ''}
            </caption>
            <thead>
              <tr className="border-b-2 border-encre">
                <th scope="col" className="py-2 pr-3">
                  Place
                </th>
                <th scope="col" className="pr-3">
                  Produit
                </th>
                <th scope="col" className="pr-3 text-right">
                  Prix
                </th>
                <th scope="col" className="pr-3">
                  Marchand
                </th>
                <th scope="col" className="pr-3">
                  État
                </th>
                {mayReorder ? <th scope="col">Ordre</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.results.map((item, index) => (
                <tr key={item.id} className="border-b border-encre/20">
                  <td className="py-2 pr-3 tabular-nums">{index + 1}</td>
                  <th scope="row" className="pr-3 font-normal">
                    <Link
                      to="/admin/shopping/$id"
                      params={{ id: String(item.id) }}
                      className="font-bold underline-offset-4 hover:underline"
                    >
                      {item.title}
                    </Link>
                  </th>
                  <td className="pr-3 text-right tabular-nums">{priceLabel(item.priceCents)}</td>
                  <td className="pr-3">{item.merchant}</td>
                  <td className="pr-3">{statusLabels[item.status]}</td>
                  {mayReorder ? (
                    <td className="flex gap-1 py-2">
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
                        disabled={busy || index === list.results.length - 1}
                        onClick={() => void move(item.id, item.title, 1)}
                        aria-label={`Descendre « ${item.title} »`}
                      >
                        ↓
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
