/**
 * The heading row of a newsroom table (articles, staff, the audit log, imports, newsletter issues): one
 * column header per heading, figures right-aligned, a column without a visible heading still named for
 * screen readers ("Actions").
 */
export type TableColumn = string | { heading: string; figure?: boolean; hidden?: boolean };

export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-encre">
        {columns.map((column, index) => {
          const { heading, figure, hidden } = typeof column === 'string' ? { heading: column } : column;
          const classes = [index === 0 ? 'py-2' : '', 'pr-3', figure ? 'text-right' : ''].filter(Boolean).join(' ');
          return (
            <th key={heading} scope="col" className={classes}>
              {hidden ? <span className="sr-only">{heading}</span> : heading}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
