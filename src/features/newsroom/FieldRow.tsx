/**
 * One labelled field of a newsroom form: its label above it, its optional help below (read by screen readers
 * with the field), a line or a few lines of text. Every editor's text fields are this row, so their look and
 * their accessible name follow one rule.
 */
import { type InputHTMLAttributes, useId } from 'react';

export const fieldClass = 'rounded border-2 border-encre px-2 py-1';

type Shared = Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength' | 'required' | 'placeholder' | 'inputMode' | 'min'>;

export function FieldRow(
  props: Shared & {
    label: string;
    value: string;
    onChange: (value: string) => void;
    /** Several lines: a text area of this many rows. */
    rows?: number;
    type?: 'text' | 'url' | 'number' | 'datetime-local';
    /** A sentence under the field that says what to write. */
    help?: string;
    /** Extra classes of the field itself (its width). */
    className?: string;
  },
) {
  const id = useId();
  const helpId = `${id}-aide`;
  const { label, value, onChange, rows, type, help, className, ...attributes } = props;
  const field = {
    id,
    value,
    className: className ? `${fieldClass} ${className}` : fieldClass,
    'aria-describedby': help ? helpId : undefined,
    ...attributes,
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {rows ? (
        <textarea {...field} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...field} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      {help ? (
        <p id={helpId} className="text-xs">
          {help}
        </p>
      ) : null}
    </div>
  );
}
