/**
 * The revisions of any item of the editorial workflow (its versions, what changed, restore one), given how
 * to load them and how to restore one: the same panel for every format that plugs into the workflow.
 */
import { useState } from 'react';
import type { Revision } from '../../api/queries/newsroom.ts';

export function EditorialRevisions(props: {
  /** The version now saved: it has no restore button. */
  version: number;
  load: () => Promise<Revision[]>;
  restore: (revision: Revision) => Promise<void>;
  run: (work: () => Promise<void>) => Promise<void>;
  headingId: string;
}) {
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  return (
    <section className="mt-8" aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="font-display text-2xl font-bold">
        Révisions
      </h2>
      <button
        type="button"
        onClick={() => props.run(async () => setRevisions(await props.load()))}
        className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold"
      >
        {revisions ? 'Actualiser les révisions' : 'Afficher les révisions'}
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
              {revision.version !== props.version ? (
                <button
                  type="button"
                  onClick={() =>
                    props.run(async () => {
                      await props.restore(revision);
                      setRevisions(await props.load());
                    })
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
