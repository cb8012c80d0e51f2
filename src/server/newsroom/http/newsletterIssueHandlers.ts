/** The newsletter's issues in the newsroom (editors and admins): compose, preview, test, schedule, follow the send. */
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { ApiHandlerTable } from '../../http/apiTypes.ts';
import { parseParams, queryRecord } from '../../http/parseParams.ts';
import { errorJson } from '../../http/responses.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { issueMailInput } from '../../newsletter/issues/issueDelivery.ts';
import type { IssueMailRenderer } from '../../newsletter/issues/issueMailTypes.ts';
import { findIssue, listIssues } from '../../newsletter/issues/issueQueries.ts';
import { changeIssueStatus, createIssue, issueMessages, toAdminIssue, updateIssue } from '../../newsletter/issues/issueWorkflow.ts';
import { answer, editors, type NewsroomDeps, noStore, readBody, staffOnly } from './newsroomHttp.ts';

export interface IssueHandlerDeps {
  jobs: Pick<JobQueue, 'enqueue'>;
  render: IssueMailRenderer;
  siteUrl: string;
}

const what = 'de composer ou d’envoyer la newsletter';

export function newsletterIssueHandlers(deps: NewsroomDeps, issues: IssueHandlerDeps) {
  const { clock } = deps;
  const notFound = issueMessages.notFound;
  const idOf = (params: Record<string, string>) => parseParams(contract.GetNewsletterIssueParams, params, ['id']);
  /** What a reader would get, with the unsubscribe link pointing at the site's unsubscribe page. */
  const renderFor = async (db: Parameters<typeof findIssue>[0], id: number) => {
    const issue = await findIssue(db, id);
    if (!issue) return null;
    const input = await issueMailInput(db, issue, issues.siteUrl, `${issues.siteUrl}/desinscription`);
    return { issue, input, mail: await issues.render(input) };
  };
  return {
    listNewsletterIssues: staffOnly(deps, editors, what, async (ctx) => {
      const query = parseParams(contract.ListNewsletterIssuesQueryParams, queryRecord(ctx.url), ['limit', 'offset']);
      if (!query.ok) return query.response;
      const { rows, total } = await listIssues(ctx.db, {
        limit: query.value.limit ?? appConfig.newsroom.pageSize,
        offset: query.value.offset ?? 0,
      });
      const results = [];
      for (const row of rows) results.push(await toAdminIssue(ctx.db, row));
      return ctx.reply(200, { results, total }, noStore);
    }),
    createNewsletterIssue: staffOnly(deps, editors, what, async (ctx, session) => {
      const input = await readBody(ctx, contract.CreateNewsletterIssueBody);
      if (!input.ok) return input.response;
      const body = input.value;
      const result = await createIssue(ctx.db, session.member, { ...body, newsletterType: body.newsletterType as 1 | 2 }, clock.now());
      return answer(result, {
        member: session.member,
        what,
        notFound,
        ok: async (row) => ctx.reply(201, await toAdminIssue(ctx.db, row), noStore),
      });
    }),
    getNewsletterIssue: staffOnly(deps, editors, what, async (ctx) => {
      const id = idOf(ctx.params);
      if (!id.ok) return id.response;
      const row = await findIssue(ctx.db, id.value.id);
      return row ? ctx.reply(200, await toAdminIssue(ctx.db, row), noStore) : errorJson(404, notFound);
    }),
    updateNewsletterIssue: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = idOf(ctx.params);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.UpdateNewsletterIssueBody);
      if (!input.ok) return input.response;
      const body = input.value;
      const result = await updateIssue(
        ctx.db,
        session.member,
        id.value.id,
        { ...body, preheader: body.preheader ?? '', intro: body.intro ?? '', newsletterType: body.newsletterType as 1 | 2 },
        clock.now(),
      );
      return answer(result, {
        member: session.member,
        what,
        notFound,
        ok: async (row) => ctx.reply(200, await toAdminIssue(ctx.db, row), noStore),
      });
    }),
    changeNewsletterIssueStatus: staffOnly(deps, editors, what, async (ctx, session) => {
      const id = idOf(ctx.params);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.ChangeNewsletterIssueStatusBody);
      if (!input.ok) return input.response;
      const result = await changeIssueStatus(ctx.db, issues.jobs, session.member, id.value.id, input.value, clock.now());
      return answer(result, {
        member: session.member,
        what,
        notFound,
        ok: async (row) => ctx.reply(200, await toAdminIssue(ctx.db, row), noStore),
      });
    }),
    previewNewsletterIssue: staffOnly(deps, editors, what, async (ctx) => {
      const id = idOf(ctx.params);
      if (!id.ok) return id.response;
      const rendered = await renderFor(ctx.db, id.value.id);
      if (!rendered) return errorJson(404, notFound);
      return ctx.reply(200, { subject: rendered.issue.subject, preheader: rendered.issue.preheader, ...rendered.mail }, noStore);
    }),
    sendNewsletterTest: staffOnly(deps, editors, what, async (ctx) => {
      const id = idOf(ctx.params);
      if (!id.ok) return id.response;
      const input = await readBody(ctx, contract.SendNewsletterTestBody);
      if (!input.ok) return input.response;
      const rendered = await renderFor(ctx.db, id.value.id);
      if (!rendered) return errorJson(404, notFound);
      await issues.jobs.enqueue('mail.send', {
        to: input.value.email,
        subject: `[Test] ${rendered.issue.subject}`,
        html: rendered.mail.html,
        text: rendered.mail.text,
      });
      return ctx.reply(202, { message: issueMessages.testQueued(input.value.email) }, noStore);
    }),
  } satisfies ApiHandlerTable;
}
