/**
 * The replies of a generator, as an ordered list the editor writes: add, edit, move up or down, remove.
 * Every control names the reply it acts on (screen readers hear "Monter la réplique 3"), and a saved reply
 * shows the address it is shared at, which its edits do not change.
 */
import { useId } from 'react';
import { MoveButtons } from './MoveButtons.tsx';
import { editReply, emptyReply, moveReply, type ReplyRow, removeReply } from './generatorFormModel.ts';

const MAX_LENGTH = 280;

export function GeneratorRepliesField(props: { replies: ReplyRow[]; onChange: (replies: ReplyRow[]) => void; shareBase: string | null }) {
  const { replies, onChange } = props;
  const legendId = useId();
  const rowId = useId();
  return (
    <fieldset className="grid gap-3 rounded border-2 border-encre/30 p-3" aria-describedby={`${legendId}-aide`}>
      <legend id={legendId} className="px-1 font-bold">
        Répliques ({replies.length})
      </legend>
      <p id={`${legendId}-aide`} className="text-sm">
        De 1 à 200 répliques de {MAX_LENGTH} caractères au plus, en texte simple. Une réplique garde son adresse de partage quand vous la
        modifiez ou la déplacez.
      </p>
      <ol className="grid gap-3">
        {replies.map((reply, index) => {
          const n = index + 1;
          const id = `${rowId}-${reply.key}`;
          return (
            <li key={reply.key} className="grid gap-1 rounded border border-encre/20 p-2">
              <label htmlFor={id} className="text-sm font-bold">
                Réplique {n}
                {reply.id !== undefined ? <span className="font-normal"> (n° {reply.id})</span> : null}
              </label>
              <textarea
                id={id}
                rows={2}
                value={reply.text}
                maxLength={MAX_LENGTH}
                onChange={(e) => onChange(editReply(replies, reply.key, e.target.value))}
                className="rounded border-2 border-encre px-2 py-1"
              />
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs tabular-nums">
                  {reply.text.length} / {MAX_LENGTH}
                </span>
                <MoveButtons
                  what={`la réplique ${n}`}
                  index={index}
                  count={replies.length}
                  onMove={(by) => onChange(moveReply(replies, reply.key, by))}
                  onRemove={() => onChange(removeReply(replies, reply.key))}
                />
                {props.shareBase && reply.id !== undefined ? (
                  <code className="break-all text-xs">
                    {props.shareBase}?replique={reply.id}
                  </code>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="justify-self-start rounded border-2 border-encre px-3 py-1 font-bold"
        onClick={() => onChange([...replies, emptyReply()])}
      >
        Ajouter une réplique
      </button>
    </fieldset>
  );
}
