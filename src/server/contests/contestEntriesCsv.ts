/** CSV of a contest's entries (RFC 4180, UTF-8 with its BOM for spreadsheets, CRLF), cells defused as the subscribers'. */
import type { ContestEntry } from '../../api/types.ts';
import { csvCell } from '../newsletter/subscribersCsv.ts';

const COLUMNS = ['id', 'email', 'first_name', 'last_name', 'answer', 'newsletter', 'status', 'created_at', 'confirmed_at'] as const;

export function contestEntriesCsv(entries: readonly ContestEntry[]): string {
  const lines = entries.map((entry) =>
    [
      entry.id,
      entry.email,
      entry.firstName,
      entry.lastName,
      entry.answer,
      entry.newsletter ? 'oui' : 'non',
      entry.status,
      entry.createdAt,
      entry.confirmedAt,
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[COLUMNS.join(','), ...lines].map((line) => `${line}\r\n`).join('')}`;
}
