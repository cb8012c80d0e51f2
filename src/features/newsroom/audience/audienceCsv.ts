/** Any table of the Audience page as CSV (RFC 4180, `;` as French spreadsheets expect, a BOM for Excel). */

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A leading =, +, - or @ would be read as a formula by spreadsheets: quoted with a leading apostrophe.
    const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
    return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\ufeff${[header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** Downloads `csv` as a file named `name` (a Blob URL: nothing leaves the browser). */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
