/**
 * The newsroom's list of one format, drawn from its declaration (decision 027): its title and intro, a link
 * to write a new one, and a table of its columns whose title cell links to the item's editor. What only one
 * format shows (a popin's path rule, a contest's state for readers) comes in `cells`, keyed by column field.
 */
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PageData } from '../../api/queries/newsroom.ts';
import type { FormatDeclaration, ListColumn } from '../../formats/formatDeclaration.ts';
import { countOf, newItem, noneYet } from '../../formats/formatWords.ts';
import { statusLabels } from './newsroomLabels.ts';

/** The editor routes the router knows: a declaration's `adminPath` must be one of their lists. */
type EditorRoute = Extract<NonNullable<LinkProps['to']>, `/admin/${string}/$id`>;
export type ListPath = EditorRoute extends `${infer List}/$id` ? List : never;

/** A list item of the contract: an id, an editorial state, and the fields its columns name. */
export type ListRow = { id: number; status: keyof typeof statusLabels; scheduledAt?: string | null } & Record<string, unknown>;

export interface FormatListProps<Row extends ListRow> {
  format: Pick<FormatDeclaration, 'noun' | 'newSegment' | 'list'> & { adminPath: ListPath };
  loaded: PageData<{ results: NoInfer<Row>[]; total: number }>;
  /** The format's own cells, for its 'custom' columns. */
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const day = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The cells whose content links to the editor; the first of them is the row's header. */
const isTitle = (column: ListColumn) => column.kind === 'title' || column.kind === 'firstLine';
const rightAligned = (column: ListColumn) => column.kind === 'number' || column.kind === 'price';

function cellContent<Row extends ListRow>(column: ListColumn, row: Row, cells: FormatListProps<Row>['cells']): ReactNode {
  const value = row[column.field];
  switch (column.kind) {
    case 'status':
      return `${statusLabels[row.status]}${row.status === 'scheduled' && row.scheduledAt ? ` (${dateTime(row.scheduledAt)})` : ''}`;
    case 'date':
      return typeof value === 'string' ? dateTime(value) : '—';
    case 'period': {
      const end = column.to ? row[column.to] : undefined;
      return typeof value === 'string' && typeof end === 'string' ? `du ${day(value)} au ${day(end)}` : '—';
    }
    case 'price':
      return typeof value === 'number' ? euros(value) : '—';
    case 'firstLine':
      return firstLine(text(value));
    case 'custom':
      return cells?.[column.field]?.(row) ?? text(value);
    default:
      return text(value);
  }
}

export function FormatListPage<Row extends ListRow>({ format, loaded, cells }: FormatListProps<Row>) {
  const { data: list, error } = loaded;
  const { noun } = format;
  // The button says the short noun ("Nouveau générateur"); the editor's heading says it whole.
  const shortNoun = { ...noun, singular: noun.short ?? noun.singular };
  const editor = `${format.adminPath}/$id` as const;
  const titleIndex = format.list.columns.findIndex(isTitle);
  return (
    <section>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-display text-3xl font-bold">{format.list.title}</h1>
        <Link to={editor} params={{ id: format.newSegment }} className="rounded bg-encre px-4 py-2 font-bold text-white">
          {newItem(shortNoun)}
        </Link>
      </div>
      {format.list.intro ? <p className="mt-1 max-w-3xl text-sm">{format.list.intro}</p> : null}
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      {list && list.results.length === 0 ? <p className="mt-4">{noneYet(shortNoun)}</p> : null}
      {list && list.results.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left">{countOf(noun, list.total)}</caption>
            <thead>
              <tr className="border-b-2 border-encre">
                {format.list.columns.map((column) => (
                  <th key={column.field} scope="col" className={`py-2 pr-3${rightAligned(column) ? ' text-right' : ''}`}>
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.results.map((row) => (
                <tr key={row.id} className="border-b border-encre/20">
                  {format.list.columns.map((column, index) => {
                    const content = cellContent(column, row, cells);
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
