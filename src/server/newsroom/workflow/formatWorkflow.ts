/**
 * A declared format's workflow, bound once: the shared editorial workflow over its EditorialFormat, its signed
 * preview links (to `{previewPath}{token}` by default) and the scheduler's pass over its due rows. What the
 * format's handlers and the scheduler call.
 */
import type { Database } from '../../../db/client.ts';
import type { FormatDeclaration } from '../../../formats/formatDeclaration.ts';
import { staffName } from '../articles/articleQueries.ts';
import type { EditorialTable, EditorialTableOf, RowOf } from './editorialTable.ts';
import { type EditorialFormat, editorialWorkflow } from './editorialWorkflow.ts';
import { previewLinks } from './previewLinks.ts';

export interface FormatPreview<Row, Reader> {
  /** What the token is signed for: a format's token never opens another format's item of the same id. */
  purpose: string;
  /** The reader page showing a token; by default the declaration's `previewPath` followed by the token. */
  pageOf?(row: Row, token: string): string;
  /** The working copy as the public page reads it; null when it cannot be shown. */
  readerCopy(db: Database, row: Row, now: Date): Promise<Reader | null>;
}

export function formatWorkflow<T extends EditorialTable, Input, Checked, Admin, Reader>(
  declaration: FormatDeclaration,
  rows: EditorialTableOf<T>,
  format: EditorialFormat<RowOf<T>, Input, Checked, Admin>,
  preview: FormatPreview<RowOf<T>, Reader>,
) {
  const workflow = editorialWorkflow(format, staffName);
  const previews = previewLinks({
    entity: declaration.entity,
    purpose: preview.purpose,
    find: rows.find,
    pageOf: preview.pageOf ?? ((_row, token) => `${declaration.previewPath ?? '/apercu/'}${token}`),
    readerCopy: preview.readerCopy,
  });
  return {
    workflow,
    previews,
    /** The scheduler's pass: publishes every scheduled item whose time has come. Answers their ids. */
    async publishDue(db: Database, now: Date): Promise<number[]> {
      return workflow.publishDue(db, await rows.due(db, now), now);
    },
  };
}
