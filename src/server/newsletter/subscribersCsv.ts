/** CSV of the subscribers export (RFC 4180, UTF-8, CRLF), safe to open in a spreadsheet. */
import type { ExportRow } from './subscribers.server.ts';

export const CSV_COLUMNS = [
  'email',
  'postcode',
  'newsletter_type',
  'origin',
  'status',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
  'consent_version',
  'consent_shown_at',
] as const;

/** One cell: quoted when needed; a leading = + - @ is defused so that a spreadsheet never runs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvLine(row: ExportRow): string {
  return `${[
    row.email,
    row.postcode,
    row.newsletterType,
    row.origin,
    row.status,
    row.createdAt.toISOString(),
    row.confirmedAt?.toISOString() ?? null,
    row.unsubscribedAt?.toISOString() ?? null,
    row.consentVersion,
    row.consentShownAt,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}
