/**
 * The buttons of one row of an ordered list the newsroom writes (a mosaic's images, a generator's replies,
 * a quiz's questions, a newsletter's articles): move up, move down, remove; ranked lists (best-of, shopping)
 * use OrderControls. Each names the row it acts on for screen readers ("Monter l'image 3"), so a page of
 * twenty rows has twenty distinct buttons.
 */
const buttonClass = 'rounded border-2 border-encre px-2 text-sm disabled:opacity-50';

export function MoveButtons(props: {
  /** The row, as the buttons' names end: "l'image 3", "« Le titre »". */
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  /** Absent: the row cannot be removed here. */
  onRemove?: () => void;
  /** A list that must keep one row: its last one is not removed. */
  keepOne?: boolean;
}) {
  const { what, index, count } = props;
  const named = (verb: string) => (
    <>
      {verb}
      <span className="sr-only"> {what}</span>
    </>
  );
  return (
    <span className="flex flex-wrap gap-2">
      <button type="button" disabled={index === 0} onClick={() => props.onMove(-1)} className={buttonClass}>
        {named('Monter')}
      </button>
      <button type="button" disabled={index === count - 1} onClick={() => props.onMove(1)} className={buttonClass}>
        {named('Descendre')}
      </button>
      {props.onRemove ? (
        <button type="button" disabled={props.keepOne && count === 1} onClick={props.onRemove} className={buttonClass}>
          {named('Retirer')}
        </button>
      ) : null}
    </span>
  );
}
