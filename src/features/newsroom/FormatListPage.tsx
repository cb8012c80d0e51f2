/**
 * The newsroom's list of one format, drawn from its declaration (decision 027): its title and intro, a link
 * to write a new one, and a table of its columns whose title cell links to the item's editor. What only one
 * format shows (a popin's path rule, a contest's state for readers) comes in `cells`, keyed by column field.
 */
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { FormatDeclaration } from '../../formats/formatDeclaration.ts';
import { type CustomCells, cellText, type ListRow, linksToEditor, listWords, rightAligned } from './formatListModel.ts';

/** The editor routes the router knows: a declaration's `adminPath` must be one of their lists. */
type EditorRoute = Extract<NonNullable<LinkProps['to']>, `/admin/${string}/$id`>;
export type ListPath = EditorRoute extends `${infer List}/$id` ? List : never;

export interface FormatListProps<Row extends ListRow> {
  format: Pick<FormatDeclaration, 'noun' | 'newSegment' | 'list'> & { adminPath: ListPath };
  loaded: PageData<{ results: Row[]; total: number }>;
  /** The format's own cells, for its 'custom' columns. */
  cells?: CustomCells<Row>;
  /** A first column giving each row's place, for a list in the readers' order (its heading). */
  placeHeading?: string;
  /** A last column of the format's own (the shopping selection's reorder buttons). */
  extraColumn?: { heading: string; cell: (row: Row, index: number, rows: readonly Row[]) => ReactNode };
  /** Shown above the table (filters, a live region saying what a button did). */
  children?: ReactNode;
  /** Shown under the table (the pages of a long list). */
  footer?: ReactNode;
  /** The "new" link's words where the newsroom says them otherwise ("Créer un quiz"). */
  newLabel?: string;
}

export function FormatListPage<Row extends ListRow>({
  format,
  loaded,
  cells,
  placeHeading,
  extraColumn,
  children,
  footer,
  newLabel,
}: FormatListProps<Row>) {
  const { data: list, error } = loaded;
  const words = listWords(format.noun);
  const editor = `${format.adminPath}/$id` as const;
  const titleIndex = format.list.columns.findIndex(linksToEditor);
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">{format.list.title}</h1>
        <Link to={editor} params={{ id: format.newSegment }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          {newLabel ?? words.newLink}
        </Link>
      </div>
      {format.list.intro ? <p className="mt-1 max-w-3xl text-sm">{format.list.intro}</p> : null}
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {children}
      {list && list.results.length === 0 ? <p className="mt-4">{words.empty}</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">{words.caption(list.total)}</caption>
            <thead>
              <tr className="border-b-2 border-encre">
                {placeHeading ? (
                  <th scope="col" className="py-2 pr-3">
                    {placeHeading}
                  </th>
                ) : null}
                {format.list.columns.map((column) => (
                  <th key={column.field} scope="col" className={`py-2 pr-3${rightAligned(column) ? ' text-right' : ''}`}>
                    {column.heading}
                  </th>
                ))}
                {extraColumn ? <th scope="col">{extraColumn.heading}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.results.map((row, place) => (
                <tr key={row.id} className="border-b border-encre/20">
                  {placeHeading ? <td className="py-2 pr-3 tabular-nums">{place + 1}</td> : null}
                  {format.list.columns.map((column, index) => {
                    const content = cellText(column, row, cells);
                    if (index === titleIndex) {
                      return (
                        <th key={column.field} scope="row" className="py-2 pr-3 font-normal">
                          <Link to={editor} params={{ id: String(row.id) }} className="font-bold underline-offset-4 hover:underline">
                            {content}
                          </Link>
                        </th>
                      );
                    }
                    return (
                      <td key={column.field} className={`py-2 pr-3${rightAligned(column) ? ' text-right tabular-nums' : ''}`}>
                        {content}
                      </td>
                    );
                  })}
                  {extraColumn ? <td className="py-2">{extraColumn.cell(row, place, list.results)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {footer}
    </section>
  );
}
