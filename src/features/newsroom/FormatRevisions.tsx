/**
 * The revisions of a newsroom item of any small format (a generator, a quotation): each version with what
 * changed, and a restore button for the older ones. The format's page gives how to list and restore.
 */
import { useId } from 'react';
import type { Revision } from '../../api/queries/newsroom.ts';

const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function FormatRevisions<Item extends { id: number; version: number }>(props: {
  item: Item;
  revisions: Revision[] | null;
  setRevisions: (r: Revision[]) => void;
  list: (id: number) => Promise<Revision[]>;
  restore: (id: number, revisionId: number, version: number) => Promise<Item>;
  onRestored: (fresh: Item, text: string) => void;
  run: (work: () => Promise<void>) => Promise<void>;
}) {
  const { item, revisions } = props;
  const headingId = useId();
  return (
    <section className="mt-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-2xl font-bold">
        Révisions
      </h2>
      <button
        type="button"
        onClick={() => props.run(async () => props.setRevisions(await props.list(item.id)))}
        className={`${buttonClass} mt-2`}
      >
        Afficher les révisions
      </button>
      {revisions ? (
        <ol className="mt-3 grid gap-3">
          {revisions.map((revision) => (
            <li key={revision.id} className="rounded border border-encre/30 p-3">
              <p>
                <strong>Version {revision.version}</strong> —{' '}
                {new Date(revision.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}
                {revision.staffName ? `, par ${revision.staffName}` : ''}
              </p>
              {revision.changes.length > 0 ? (
                <dl className="mt-2 grid gap-1 text-sm">
                  {revision.changes.map((c) => (
                    <div key={c.field}>
                      <dt className="font-bold">{c.field}</dt>
                      <dd>
                        <del className="bg-piment-light">{c.before || '∅'}</del> →{' '}
                        <ins className="bg-green-100 no-underline">{c.after || '∅'}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {revision.version !== item.version ? (
                <button
                  type="button"
                  onClick={() =>
                    props.run(async () =>
                      props.onRestored(await props.restore(item.id, revision.id, item.version), `Version ${revision.version} restaurée.`),
                    )
                  }
                  className="mt-2 rounded border-2 border-encre px-2 py-1 text-sm font-bold"
                >
                  Restaurer la version {revision.version}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
