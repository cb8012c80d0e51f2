/**
 * What FormatListPage writes, as plain data (no React): the text of each cell from its column's kind, and
 * the list's words from the format's noun. Kept apart so that every format's list is checked without a router.
 */
import { frenchDate, frenchStamp } from '../../lib/frenchDates.ts';
import type { FormatDeclaration, ListColumn } from '../../formats/formatDeclaration.ts';
import { countOf, newItem, noneYet } from '../../formats/formatWords.ts';
import { statusLabels } from './newsroomLabels.ts';
import { priceLabel } from './shoppingFormModel.ts';

/** A list item of the contract: an id, an editorial state, and the fields its columns name. */
export type ListRow = { id: number; status: keyof typeof statusLabels; scheduledAt?: string | null } & Record<string, unknown>;

/** The format's own cells, for its 'custom' columns, keyed by column field. */
export type CustomCells<Row extends ListRow> = Partial<Record<string, (row: Row) => string>>;

const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
};
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The cells whose content links to the editor; the first of them is the row's header. */
export const linksToEditor = (column: ListColumn) => column.kind === 'title' || column.kind === 'firstLine';
/** Figures line up on the right (a rank, a count, a price). */
export const rightAligned = (column: ListColumn) => column.kind === 'number' || column.kind === 'price';

export function cellText<Row extends ListRow>(column: ListColumn, row: Row, cells?: CustomCells<Row>, now = new Date()): string {
  const value = row[column.field];
  const dateTime = (iso: string) => frenchStamp(iso, now);
  switch (column.kind) {
    case 'status':
      return `${statusLabels[row.status]}${row.status === 'scheduled' && row.scheduledAt ? ` (${dateTime(row.scheduledAt)})` : ''}`;
    case 'date':
      return typeof value === 'string' ? dateTime(value) : '—';
    case 'period': {
      const end = column.to ? row[column.to] : undefined;
      return typeof value === 'string' && typeof end === 'string' ? `du ${frenchDate(value)} au ${frenchDate(end)}` : '—';
    }
    case 'price':
      return typeof value === 'number' ? priceLabel(value) : '—';
    case 'firstLine':
      return firstLine(text(value));
    case 'custom':
      return cells?.[column.field]?.(row) ?? text(value);
    default:
      return text(value);
  }
}

/** The list's words: its "new" button and empty list say the short noun ("Nouveau générateur"), its caption the whole. */
export function listWords(noun: FormatDeclaration['noun']) {
  const short = { ...noun, singular: noun.short ?? noun.singular };
  return { newLink: newItem(short), empty: noneYet(short), caption: (total: number) => countOf(noun, total) };
}
