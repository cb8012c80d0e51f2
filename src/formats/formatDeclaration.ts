/**
 * A newsroom format as one declaration (decision 027): plain data, no React, no database, read by both the
 * server (its workflow adapter, its handlers, the audit's entity) and the newsroom's UI (its list page, its
 * client calls, its wording). Everything a format shares with the others follows from it; what stays per
 * format is what really differs: its fields and their checks, its public component, its rules.
 *
 * src/formats imports nothing of the project but the generated contract's operation ids (types only), so
 * both sides may import it without reaching each other (scripts/architecture/importRules.ts).
 */
import type { OperationId } from '../api/generated/operations.ts';

/** The grammatical gender of the format's noun: it picks "ce"/"cette", "un"/"une", "Nouveau"/"Nouvelle". */
export type FrenchGender = 'masculine' | 'feminine';

/** The contract's operation of each step of the editorial workflow, for one format. */
export interface FormatOperations {
  list: OperationId;
  create: OperationId;
  get: OperationId;
  update: OperationId;
  status: OperationId;
  revisions: OperationId;
  restore: OperationId;
  /** A signed preview link, and the page's read of it (no session: the link is the credential). */
  previewLink?: OperationId;
  preview?: OperationId;
}

/** The contract's operation of each change to a format's child items (a live blog's entries). */
export interface ChildOperations {
  create: OperationId;
  correct: OperationId;
  delete: OperationId;
  pin: OperationId;
  publish: OperationId;
}

/**
 * A format's child items, posted one by one inside an item (a live blog's entries): timestamped, published or
 * a draft waiting for someone who may publish, corrected (shown as such), deleted (kept for readers' cursors),
 * one pinned at most. The shared workflow stores, serves and edits them (workflow/childItems.ts,
 * http/childItemHandlers.ts, ChildItemsDesk); the format brings their own fields.
 */
export interface ChildDeclaration {
  /** The audit log's entity ('liveBlogEntry') and its actions' prefix. */
  entity: string;
  noun: FormatDeclaration['noun'];
  operations: ChildOperations;
  /** The refusal when the item takes no more (a live blog ended). */
  closed: string;
}

/** How a list cell shows its value. */
export type ListCellKind =
  /** The item's name, a link to its editor (the row's header cell). */
  | 'title'
  | 'text'
  /** A right-aligned figure (a rank, a count). */
  | 'number'
  /** The editorial state, in French ("Brouillon", "Publié"). */
  | 'status'
  /** A date and time, shown in French. */
  | 'date'
  /** A price in cents, in euros. */
  | 'price'
  /** The first line of a longer text (a caption), a link to its editor like 'title'. */
  | 'firstLine'
  /** From this date to the one in `to`, as days. */
  | 'period'
  /** Shown by the format's own cell on the UI side (a type's label, a path rule). */
  | 'custom';

/** One column of the newsroom's list of a format. */
export interface ListColumn {
  /** The field of the contract's list item it shows. */
  field: string;
  /** Its French heading. */
  heading: string;
  kind: ListCellKind;
  /** With 'period': the field of the period's end. */
  to?: string;
}

export interface FormatDeclaration {
  /** The format's key everywhere: the audit log's entity and the prefix of its actions ('quotation.publish'). */
  entity: string;
  /**
   * Its French noun: "citation", "citations", feminine; `elided` when it starts with a vowel sound ("cet
   * article"); `short` when refusals name it more briefly than lists do ("ce générateur" for "générateur de
   * répartie"); `added` when the newsroom adds one rather than creates it ("d’ajouter un produit").
   */
  noun: { singular: string; plural: string; gender: FrenchGender; elided?: boolean; short?: string; added?: boolean };
  /** The newsroom's pages: the list at `adminPath`, an item's editor at `{adminPath}/{id}`, a new one's at `{adminPath}/{newSegment}`. */
  adminPath: string;
  newSegment: 'nouveau' | 'nouvelle';
  /** The contract's collection path ('/api/admin/quotations'): items at `{apiPath}/{id}`. */
  apiPath: string;
  operations: FormatOperations;
  /** The reader page showing a working copy through a signed link: `{previewPath}{token}`. */
  previewPath?: string;
  /** A published item's public address, `{slug}` standing for its slug; absent when it has no page of its own. */
  publicPath?: string;
  /** The list page: its title, what it says under it, and its columns (the first 'title' cell links to the editor). */
  list: { title: string; intro?: string; columns: readonly ListColumn[] };
  /** Its child items, when it has some. */
  children?: ChildDeclaration;
}
