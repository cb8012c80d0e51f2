/**
 * The revisions of any item of the editorial workflow (its versions, what changed, restore one), given how
 * to load them and how to restore one: the same panel for every format that plugs into the workflow, and the
 * same list in the article editor (whose machine loads and restores them).
 */
import { frenchStamp } from '../../lib/frenchDates.ts';
import { useEffect, useId, useState } from 'react';
import type { Revision } from '../../api/queries/newsroom.ts';
import { editorActions, restoreVersionLabel } from './editorVocabulary.ts';

export function EditorialRevisions(props: {
  /** The version now saved: it has no restore button; when it changes, a list on screen is read again. */
  version: number;
  load: () => Promise<Revision[]>;
  restore: (revision: Revision) => Promise<void>;
  run: (work: () => Promise<void>) => Promise<void>;
}) {
  const headingId = useId();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const shown = revisions !== null;
  const { load, version } = props;
  // A new version (saved, published, restored, reloaded after a 409) is a new revision: a list already on screen
  // follows. `load` is a new function on every render of the page; the version is what says the list is stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (shown) load().then(setRevisions, () => {});
  }, [version]);
  return (
    <section className="mt-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-2xl font-bold">
        Révisions
      </h2>
      <button
        type="button"
        onClick={() => props.run(async () => setRevisions(await load()))}
        className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold"
      >
        {revisions ? editorActions.refreshRevisions : editorActions.showRevisions}
      </button>
      {revisions ? (
        <RevisionList revisions={revisions} currentVersion={version} onRestore={(revision) => props.run(() => props.restore(revision))} />
      ) : null}
    </section>
  );
}

/** Each version with its author, date and changed fields; a restore button on all but the current one. */
export function RevisionList(props: { revisions: Revision[]; currentVersion: number; onRestore: (revision: Revision) => void }) {
  return (
    <ol className="mt-3 grid gap-3">
      {props.revisions.map((revision) => (
        <li key={revision.id} className="rounded border border-encre/30 p-3">
          <p>
            <strong>Version {revision.version}</strong> — {frenchStamp(revision.createdAt)}
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
          {revision.version !== props.currentVersion ? (
            <button
              type="button"
              onClick={() => props.onRestore(revision)}
              className="mt-2 rounded border-2 border-encre px-2 py-1 text-sm font-bold"
            >
              {restoreVersionLabel(revision.version)}
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
