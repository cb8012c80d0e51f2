/**
 * A labelled choice of a newsroom form that the browser keeps (a list's filters, a new account's role, an
 * import's category): read from the form when it is sent, with an optional first choice of "none" or "all".
 */
export interface Choice {
  value: string;
  label: string;
}

export function SelectField(props: {
  label: string;
  name: string;
  choices: readonly Choice[];
  defaultValue?: string;
  /** The choice before the list ("Tous", "La première rubrique"), sent as an empty value. */
  none?: string;
  className?: string;
}) {
  return (
    <label className={props.className ? `grid gap-1 ${props.className}` : 'grid gap-1'}>
      <span className="text-sm font-bold">{props.label}</span>
      <select name={props.name} defaultValue={props.defaultValue} className="rounded border-2 border-encre px-2 py-1">
        {props.none !== undefined ? <option value="">{props.none}</option> : null}
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The choices of a record of labels (statusLabels, roleLabels), in its order. */
export const choicesOf = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The choices of named things with an address (categories, authors): the address sent, the name shown. */
export const slugChoices = (items: readonly { slug: string; name: string }[]): Choice[] =>
  items.map((item) => ({ value: item.slug, label: item.name }));
