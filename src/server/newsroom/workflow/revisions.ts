/**
 * Revisions of any newsroom format: a snapshot per saved version, kept by the format's own store, and
 * readable differences between two snapshots (fields by name, then extra comparisons the format adds).
 */
import type { Database } from '../../../db/client.ts';

export interface RevisionRow {
  id: number;
  version: number;
  snapshot: Record<string, unknown>;
  staffName: string | null;
  createdAt: Date;
}

export interface RevisionStore {
  /** Keeps a snapshot of a version (once per version); answers its id (0 when it was there already). */
  save(
    db: Database,
    revision: { itemId: number; version: number; snapshot: Record<string, unknown>; staffId: number; at: Date },
  ): Promise<number>;
  /** Oldest first. */
  list(db: Database, itemId: number): Promise<RevisionRow[]>;
  find(db: Database, itemId: number, revisionId: number): Promise<{ snapshot: Record<string, unknown> } | null>;
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

export interface SnapshotFields {
  /** Snapshot key → the name editors read ("title" → "Titre"). */
  names: Record<string, string>;
  /** Comparisons beyond plain fields (an image's alt text, the text paragraph by paragraph). */
  extra?: (before: Record<string, unknown> | null, after: Record<string, unknown>) => Change[];
}

export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Readable differences between two snapshots: named fields, then the format's extra comparisons. */
export function diffSnapshots(fields: SnapshotFields, before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  for (const [key, name] of Object.entries(fields.names)) {
    const a = showValue(before?.[key]);
    const b = showValue(after[key]);
    if (a !== b) changes.push({ field: name, before: a, after: b });
  }
  return [...changes, ...(fields.extra?.(before, after) ?? [])];
}

/** Paragraph-by-paragraph differences of two lists of paragraphs ("Texte, paragraphe 2"). */
export function paragraphChanges(label: string, before: string[], after: string[]): Change[] {
  const changes: Change[] = [];
  const longest = Math.max(before.length, after.length);
  for (let i = 0; i < longest; i++) {
    const a = before[i] ?? '';
    const b = after[i] ?? '';
    if (a !== b) changes.push({ field: `${label}, paragraphe ${i + 1}`, before: a, after: b });
  }
  return changes;
}
