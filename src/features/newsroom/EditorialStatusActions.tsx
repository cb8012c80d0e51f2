/**
 * Publish now, schedule, unpublish, back to draft: the status buttons of any item of the editorial workflow,
 * as its state and the member's role allow (the server decides again).
 */
import { useId, useState } from 'react';
import type { ArticleStatus } from '../../api/queries/newsroom.ts';
import { localInputValue } from '../../lib/frenchDates.ts';
import { editorActions } from './editorVocabulary.ts';

export type StatusAction = 'publish' | 'schedule' | 'unpublish' | 'draft';

const fieldClass = 'rounded border-2 border-encre px-2 py-1';
const buttonClass = 'rounded border-2 border-encre px-3 py-1 font-bold';

export function EditorialStatusActions(props: {
  status: ArticleStatus;
  mayPublish: boolean;
  busy: boolean;
  /** `scheduledAt` for a schedule only, as an ISO date. */
  act: (action: StatusAction, scheduledAt?: string) => void;
  /** "Un éditeur ou une éditrice publiera ce produit." */
  whoPublishes: string;
}) {
  const { status, mayPublish, busy, act } = props;
  const [scheduleAt, setScheduleAt] = useState(() => localInputValue(new Date(Date.now() + 3600_000)));
  const scheduleId = useId();
  return (
    <div className="grid gap-3 rounded border-2 border-encre/30 p-3">
      {mayPublish && status !== 'published' ? (
        <>
          <button
            type="button"
            disabled={busy}
            onClick={() => act('publish')}
            className="rounded bg-piment-dark px-3 py-1 font-bold text-white"
          >
            {editorActions.publishNow}
          </button>
          <label htmlFor={scheduleId} className="text-sm font-bold">
            Date et heure de publication
          </label>
          <input
            id={scheduleId}
            type="datetime-local"
            value={scheduleAt}
            onChange={(e) => setScheduleAt(e.target.value)}
            className={fieldClass}
          />
          <button type="button" disabled={busy} onClick={() => act('schedule', new Date(scheduleAt).toISOString())} className={buttonClass}>
            {editorActions.schedule}
          </button>
        </>
      ) : null}
      {mayPublish && status === 'published' ? (
        <button type="button" disabled={busy} onClick={() => act('unpublish')} className={buttonClass}>
          {editorActions.unpublish}
        </button>
      ) : null}
      {status === 'scheduled' || status === 'unpublished' ? (
        <button type="button" disabled={busy} onClick={() => act('draft')} className={buttonClass}>
          {editorActions.backToDraft}
        </button>
      ) : null}
      {!mayPublish ? <p className="text-sm">{props.whoPublishes}</p> : null}
    </div>
  );
}
