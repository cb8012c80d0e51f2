/**
 * Ordering a ranked list of the newsroom (the best-of, the shopping selection; issue 39, point 9): a row is
 * dragged onto another's place, and everything dragging does is also on the keyboard — one place up or down,
 * « Monter en tête », « Placer à la position… » (a number, then « Placer »). Each button names its row for
 * screen readers. The page decides what a move does (`onPlace(from, to)`, 0-based).
 */
import { type DragEvent, useId, useRef, useState } from 'react';
import { editorActions } from './editorVocabulary.ts';

const buttonClass = 'rounded border-2 border-encre px-2 text-sm font-bold disabled:opacity-40';

/** The props that make rows of one list draggable onto each other. */
export function useDragOrder(onPlace: (from: number, to: number) => void, enabled = true) {
  const [over, setOver] = useState<number | null>(null);
  // The row being dragged, kept here: a drop from elsewhere (a file, a link) carries none and moves nothing.
  const dragging = useRef<number | null>(null);
  return (index: number) =>
    enabled
      ? {
          draggable: true,
          'data-drop-target': over === index ? 'true' : undefined,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            // Firefox starts a drag only with some data.
            event.dataTransfer.setData('text/plain', String(index + 1));
            dragging.current = index;
          },
          onDragOver: (event: DragEvent) => {
            if (dragging.current === null) return;
            event.preventDefault();
            setOver(index);
          },
          onDragLeave: () => setOver((current) => (current === index ? null : current)),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            setOver(null);
            const from = dragging.current;
            dragging.current = null;
            if (from !== null && from !== index) onPlace(from, index);
          },
          onDragEnd: () => {
            dragging.current = null;
            setOver(null);
          },
        }
      : {};
}

export function OrderControls(props: {
  /** The row, as the buttons' names end: "« Le titre »". */
  what: string;
  index: number;
  count: number;
  disabled?: boolean;
  onPlace: (from: number, to: number) => void;
  children?: React.ReactNode;
}) {
  const { what, index, count, onPlace } = props;
  const [asking, setAsking] = useState(false);
  const [position, setPosition] = useState(String(index + 1));
  const inputId = useId();
  const named = (verb: string, after = '') => (
    <>
      {verb}
      <span className="sr-only"> {what}</span>
      {after}
    </>
  );
  const wanted = Number(position);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= count;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="cursor-grab select-none px-1" title="Glisser pour déplacer">
        ⠿
      </span>
      <button type="button" className={buttonClass} disabled={props.disabled || index === 0} onClick={() => onPlace(index, index - 1)}>
        {named('Monter')}
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={props.disabled || index === count - 1}
        onClick={() => onPlace(index, index + 1)}
      >
        {named('Descendre')}
      </button>
      <button type="button" className={buttonClass} disabled={props.disabled || index === 0} onClick={() => onPlace(index, 0)}>
        {named('Monter', ' en tête')}
      </button>
      {asking ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            setAsking(false);
            if (wanted - 1 !== index) onPlace(index, wanted - 1);
          }}
        >
          <label htmlFor={inputId} className="text-sm">
            Position<span className="sr-only"> de {what}</span> (1 à {count})
          </label>
          <input
            id={inputId}
            type="number"
            min={1}
            max={count}
            value={position}
            onChange={(event) => setPosition(event.target.value)}
            aria-invalid={!valid}
            className="w-16 rounded border-2 border-encre px-1"
            // biome-ignore lint/a11y/noAutofocus: the field the editor just asked for
            autoFocus
          />
          <button type="submit" className={buttonClass} disabled={props.disabled || !valid}>
            Placer
          </button>
          <button type="button" className={buttonClass} onClick={() => setAsking(false)}>
            {editorActions.cancel}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className={buttonClass}
          disabled={props.disabled || count < 2}
          onClick={() => {
            setPosition(String(index + 1));
            setAsking(true);
          }}
        >
          {named('Placer', ' à la position…')}
        </button>
      )}
      {props.children}
    </span>
  );
}
