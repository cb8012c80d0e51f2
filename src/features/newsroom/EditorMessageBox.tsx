/**
 * How the last action of an editor page went, read out by screen readers: a status, or an alert; after a 409,
 * the button that loads the version saved meanwhile.
 */
import type { EditorMessage } from './useFormatEditor.ts';
import { editorActions } from './editorVocabulary.ts';

export function EditorMessageBox({ message, onReload }: { message: EditorMessage | null; onReload: () => void }) {
  return (
    <div aria-live="polite" className="min-h-6">
      {message ? (
        <div role={message.error ? 'alert' : 'status'} className={message.error ? 'font-bold text-piment-dark' : 'font-bold'}>
          <p>{message.text}</p>
          {message.conflict ? (
            <button type="button" onClick={onReload} className="mt-2 rounded border-2 border-encre px-3 py-1 font-bold">
              {editorActions.reloadLatest}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
