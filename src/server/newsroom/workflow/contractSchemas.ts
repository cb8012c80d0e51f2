/**
 * A format's contract schemas, found by its declaration's operation ids: the generated zod module names them
 * after the operation (`createAdminQuotation` → `CreateAdminQuotationBody`), so a format names no schema.
 * Typed by the same names: a schema the contract lacks is a type error, and an error at start.
 */
import type { z } from 'zod';
import * as contract from '../../../api/generated/zod.ts';
import type { ChildOperations, FormatOperations } from '../../../formats/formatDeclaration.ts';

type Contract = typeof contract;
type Named<K extends string> = K extends keyof Contract ? Contract[K] : never;

const schemas: Record<string, unknown> = contract;

/** The schema named `name`, typed as the contract's `K` (the caller writes the same name twice, once as a type). */
function named<K extends string>(name: string): Named<K> {
  const schema = schemas[name];
  if (!schema) throw new Error(`the contract has no schema ${name}`);
  return schema as Named<K>;
}

const upper = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

type Up<O extends string | undefined> = Capitalize<NonNullable<O>>;
/** The preview page's operation, or never for a format without one (not the constraint's every id). */
type PreviewOf<Ops> = Ops extends { readonly preview: infer P extends string } ? P : never;

export function contractSchemas<const Ops extends FormatOperations>(operations: Ops) {
  return {
    listQuery: named<`${Up<Ops['list']>}QueryParams`>(`${upper(operations.list)}QueryParams`),
    id: named<`${Up<Ops['get']>}Params`>(`${upper(operations.get)}Params`),
    create: named<`${Up<Ops['create']>}Body`>(`${upper(operations.create)}Body`),
    update: named<`${Up<Ops['update']>}Body`>(`${upper(operations.update)}Body`),
    status: named<`${Up<Ops['status']>}Body`>(`${upper(operations.status)}Body`),
    restoreParams: named<`${Up<Ops['restore']>}Params`>(`${upper(operations.restore)}Params`),
    restore: named<`${Up<Ops['restore']>}Body`>(`${upper(operations.restore)}Body`),
    /** The signed token of the preview page, when the format has one. */
    previewToken: operations.preview ? named<`${Capitalize<PreviewOf<Ops>>}Params`>(`${upper(operations.preview)}Params`) : undefined,
  };
}

/**
 * The schemas of a format's child items' operations (its declaration's `children.operations`): the parent's
 * id (`{id}`), an item's (`{id}`, `{entryId}`: every item operation names them alike), the bodies.
 */
export function childSchemas(operations: ChildOperations) {
  const of = (name: string) => named<never>(name) as z.ZodType<unknown>;
  return {
    parent: of(`${upper(operations.create)}Params`) as z.ZodType<{ id: number }>,
    item: of(`${upper(operations.correct)}Params`) as z.ZodType<{ id: number; entryId: number }>,
    create: of(`${upper(operations.create)}Body`),
    correct: of(`${upper(operations.correct)}Body`),
    pin: of(`${upper(operations.pin)}Body`) as z.ZodType<{ pinned: boolean }>,
  };
}
