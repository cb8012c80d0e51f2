/**
 * A declared format's workflow, bound once: the shared editorial workflow over its EditorialFormat, its signed
 * preview links (to `{previewPath}{token}` by default), the scheduler's pass over its due rows, and the
 * format's module for the HTTP side (declaration, contract schemas found by its operation ids, workflow, admin
 * shapes, previews): what the format's handlers and the scheduler call.
 */
import type { Database } from '../../../db/client.ts';
import type { FormatDeclaration, FormatOperations } from '../../../formats/formatDeclaration.ts';
import { staffName } from '../articles/articleQueries.ts';
import { contractSchemas } from './contractSchemas.ts';
import type { EditorialTable, EditorialTableOf, ListFilter, RowOf } from './editorialTable.ts';
import { type EditorialFormat, editorialWorkflow } from './editorialWorkflow.ts';
import { previewLinks } from './previewLinks.ts';

export type FormatParts<Row, Reader, Summary> = {
  /** What the token is signed for: a format's token never opens another format's item of the same id. */
  purpose: string;
  /** The reader page showing a token; by default the declaration's `previewPath` followed by the token. */
  pageOf?(row: Row, token: string): string;
  /** The working copy as the public page reads it; null when it cannot be shown. */
  readerCopy(db: Database, row: Row, now: Date): Promise<Reader | null>;
} & (
  | {
      /** One row of the newsroom's list (the contract's summary shape). */
      summary(row: Row): Summary;
    }
  | {
      /** The newsroom's list, when a row alone cannot say its summary (a name read from another table). */
      list(db: Database, filter: ListFilter): Promise<{ total: number; results: Summary[] }>;
    }
);

export function formatWorkflow<const Ops extends FormatOperations, T extends EditorialTable, Input, Checked, Admin, Reader, Summary>(
  declaration: FormatDeclaration & { operations: Ops },
  rows: EditorialTableOf<T>,
  format: EditorialFormat<RowOf<T>, Input, Checked, Admin>,
  parts: FormatParts<RowOf<T>, Reader, Summary>,
) {
  const workflow = editorialWorkflow(format, staffName);
  const previews = previewLinks({
    entity: declaration.entity,
    purpose: parts.purpose,
    find: rows.find,
    pageOf: parts.pageOf ?? ((_row, token) => `${declaration.previewPath ?? '/apercu/'}${token}`),
    readerCopy: parts.readerCopy,
  });
  const list = 'list' in parts ? parts.list : (db: Database, filter: ListFilter) => rows.listAdmin(db, filter, parts.summary);
  return {
    workflow,
    previews,
    list,
    /** The scheduler's pass: publishes every scheduled item whose time has come. Answers their ids. */
    async publishDue(db: Database, now: Date): Promise<number[]> {
      return workflow.publishDue(db, await rows.due(db, now), now);
    },
    /** What `editorialHandlers` builds the format's handlers from (http/formatHandlers.ts). */
    module: {
      declaration,
      schemas: contractSchemas(declaration.operations),
      workflow,
      find: rows.find,
      toAdmin: format.toAdmin,
      list,
      // Only a format whose declaration names the preview operations has links (a live blog has none).
      previews: declaration.operations.previewLink ? previews : undefined,
    },
  };
}
