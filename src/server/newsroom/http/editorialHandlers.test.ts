import { describe, expect, it } from 'vitest';
import type { AdminQuotation, AdminQuotationList } from '../quotations/quotationQueries.ts';
import type { ApiHandler, ApiHandlerTable } from '../../http/apiTypes.ts';
import { quotationModule } from '../quotations/quotationWorkflow.ts';
import { editorialHandlers, type StepHandler } from './editorialHandlers.ts';
import type { NewsroomDeps } from './newsroomHttp.ts';

// The check is the type checker's (npx tsc --noEmit): the `@ts-expect-error` fails the build if a wrong
// body were ever accepted, so the editorial handlers' replies cannot drift from the contract unseen.
describe('the editorial handlers, typed to the end', () => {
  it("take a step answering the operation's body, and refuse one answering another", () => {
    const item: StepHandler<200, AdminQuotation> = async () => new Response();
    const accepted: ApiHandler<'getAdminQuotation'> = item;
    const list: StepHandler<200, AdminQuotationList> = async () => new Response();
    // @ts-expect-error a list is not what getAdminQuotation answers
    const refused: ApiHandler<'getAdminQuotation'> = list;
    const createdStep: StepHandler<201, AdminQuotation> = async () => new Response();
    // @ts-expect-error nor is 201 its status
    const created: ApiHandler<'getAdminQuotation'> = createdStep;
    expect([accepted, refused, created]).toHaveLength(3);
  });

  it('refuse, where a format module joins the API table, a module whose list answers another shape', () => {
    // Never called: the types are the test (a module as formatHandlers.ts joins them, then a wrong one).
    const tables = (deps: NewsroomDeps) => {
      const right = { ...editorialHandlers(deps, quotationModule) } satisfies ApiHandlerTable;
      const wrongList = { ...quotationModule, list: async () => ({ total: 0, results: [{ text: 1 }] }) };
      // @ts-expect-error the list's rows are not the contract's AdminQuotation
      const wrong = { ...editorialHandlers(deps, wrongList) } satisfies ApiHandlerTable;
      return [right, wrong];
    };
    expect(typeof tables).toBe('function');
  });
});
