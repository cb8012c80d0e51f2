/** A table of the Audience page: a caption, its numbers, and its CSV export. */
import type { ReactNode } from 'react';
import { downloadCsv, toCsv } from './audienceCsv.ts';

export interface AudienceColumn<Row> {
  header: string;
  numeric?: boolean;
  /** What the CSV holds (the raw value). */
  value: (row: Row) => string | number | null;
  /** What the page shows, when not the value itself. */
  render?: (row: Row) => ReactNode;
}

const number = new Intl.NumberFormat('fr-FR');

export function AudienceTable<Row>({
  caption,
  file,
  columns,
  rows,
  empty = 'Rien pour cette période.',
}: {
  caption: string;
  /** The CSV file's name, without extension. */
  file: string;
  columns: AudienceColumn<Row>[];
  rows: Row[];
  empty?: string;
}) {
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold">{caption}</h3>
        {rows.length > 0 ? (
          <button
            type="button"
            className="rounded border-2 border-encre px-2 py-0.5 text-sm font-bold"
            aria-label={`Exporter « ${caption} » en CSV`}
            onClick={() =>
              downloadCsv(
                `${file}.csv`,
                toCsv(
                  columns.map((c) => c.header),
                  rows.map((row) => columns.map((c) => c.value(row))),
                ),
              )
            }
          >
            CSV
          </button>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm italic">{empty}</p>
      ) : (
        <div className="mt-1 max-h-96 overflow-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b-2 border-encre">
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`py-1 pr-3 ${c.numeric ? 'text-right' : ''}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // Rows are a server's ordered list without ids of their own: the position is their identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index} className="border-b border-encre/20">
                  {columns.map((c) => {
                    const value = c.value(row);
                    return (
                      <td key={c.header} className={`py-1 pr-3 ${c.numeric ? 'text-right tabular-nums' : 'break-all'}`}>
                        {c.render ? c.render(row) : typeof value === 'number' ? number.format(value) : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
