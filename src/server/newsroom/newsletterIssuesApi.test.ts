/**
 * The newsletter's issues through the API (/api/admin/newsletters, /api/newsletters), on PGlite and PostgreSQL:
 * composing (checked, in French), editing a draft with its version, scheduling (never in the past), the
 * preview and the test mail (queued in the real job queue), the archive that shows sent issues only; hostile
 * input refused with a French 4xx. Who may call what: adminAuthorization.test.ts. Delivery: issueDelivery.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../api/generated/zod.ts';
import { renderNewsletterIssueMail } from '../../mail/newsletterIssueMail.tsx';
import { useNewsroomApi } from '../../testing/newsroomApi.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';
import { type JobQueue, startJobQueue } from '../jobs/jobQueue.server.ts';

describe.each(testDatabaseKinds)('newsletter issues API on %s', (kind) => {
  let queue: JobQueue | undefined;
  const api = useNewsroomApi(
    kind,
    {},
    {
      issues: {
        jobs: {
          enqueue: (name, data, options) => {
            if (!queue) throw new Error('queue not started');
            return queue.enqueue(name, data, options);
          },
        },
        render: renderNewsletterIssueMail,
        siteUrl: 'http://magazine.test',
      },
    },
  );
  const { request, signed } = api;
  let articleIds: number[] = [];

  beforeAll(async () => {
    queue = await startJobQueue(api.database(), { log: () => {} });
    const list = contract.ListArticlesResponse.parse(await (await request('GET', '/api/articles?limit=3')).json());
    articleIds = list.results.map((article) => article.id);
  });
  afterAll(async () => {
    await queue?.stop();
  });

  const as = () => signed('editor');
  async function compose(body: Record<string, unknown>) {
    return request('POST', '/api/admin/newsletters', { as: as(), body });
  }
  async function messageOf(response: Response, status: number) {
    expect(response.status, await response.clone().text()).toBe(status);
    const body = (await response.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(10);
    return body.message;
  }
  const queued = async (name: string) => {
    const rows = await api.database().db.execute(sql`SELECT data FROM pgboss.job WHERE name = ${name} ORDER BY created_on DESC`);
    return (rows as unknown as { rows: { data: Record<string, unknown> }[] }).rows.map((row) => row.data);
  };

  it('composes a draft from picked articles or from the most recent ones, and lists it', async () => {
    const picked = contract.NewsletterIssue.parse(
      await (await compose({ subject: 'Nos trois coups de cœur', newsletterType: 1, articleIds: articleIds.slice().reverse() })).json(),
    );
    expect(picked.status).toBe('draft');
    expect(picked.articles.map((a) => a.id)).toEqual(articleIds.slice().reverse());
    expect(picked.newsletterName).toBe('SELF CARE CLUB');
    const latest = await compose({ subject: 'Les plus récents', newsletterType: 2, latest: 3 });
    expect(latest.status).toBe(201);
    expect(contract.NewsletterIssue.parse(await latest.json()).articleIds).toEqual(articleIds);
    const list = contract.NewsletterIssueList.parse(await (await request('GET', '/api/admin/newsletters', { as: as() })).json());
    expect(list.results.map((issue) => issue.subject)).toEqual(expect.arrayContaining(['Nos trois coups de cœur', 'Les plus récents']));
  });

  it('refuses what cannot be sent, in French, naming the field', async () => {
    expect(await messageOf(await compose({ subject: 'Vide', newsletterType: 1 }), 400)).toMatch(/au moins un article/);
    expect(await messageOf(await compose({ subject: 'Fantôme', newsletterType: 1, articleIds: [987654] }), 400)).toMatch(/987654/);
    for (const hostile of [
      { subject: '', newsletterType: 1, latest: 2 },
      { subject: 'x'.repeat(201), newsletterType: 1, latest: 2 },
      { subject: 'Type', newsletterType: 3, latest: 2 },
      { subject: 'Trop', newsletterType: 1, latest: 31 },
      { subject: 'Doublons', newsletterType: 1, articleIds: [articleIds[0], articleIds[0]] },
      { subject: 'Champ', newsletterType: 1, latest: 2, tracking: true },
      { subject: ['tableau'], newsletterType: 1, latest: 2 },
    ]) {
      await messageOf(await compose(hostile), 400);
    }
    await messageOf(
      await request('POST', '/api/admin/newsletters', { as: as(), body: 'pas du json', headers: { 'content-type': 'text/plain' } }),
      415,
    );
    await messageOf(await request('GET', '/api/admin/newsletters/abc', { as: as() }), 400);
    await messageOf(await request('GET', '/api/admin/newsletters/999999', { as: as() }), 404);
  });

  it('edits a draft with its version, previews it and sends a test through the queue', async () => {
    const draft = contract.NewsletterIssue.parse(await (await compose({ subject: 'Brouillon', newsletterType: 1, latest: 2 })).json());
    const saved = await request('PUT', `/api/admin/newsletters/${draft.id}`, {
      as: as(),
      body: {
        version: draft.version,
        subject: 'Sujet final',
        preheader: 'Aperçu',
        intro: 'Bonjour',
        articleIds: [articleIds[2]],
        newsletterType: 1,
      },
    });
    expect(saved.status).toBe(200);
    const stale = await request('PUT', `/api/admin/newsletters/${draft.id}`, {
      as: as(),
      body: { version: draft.version, subject: 'Écrasé ?', preheader: '', intro: '', articleIds: [articleIds[0]], newsletterType: 1 },
    });
    expect(await messageOf(stale, 409)).toMatch(/rechargez/);

    const preview = contract.NewsletterIssuePreview.parse(
      await (await request('GET', `/api/admin/newsletters/${draft.id}/preview`, { as: as() })).json(),
    );
    expect(preview.subject).toBe('Sujet final');
    expect(preview.html).toContain('Aperçu');
    expect(preview.text).toContain('http://magazine.test/');

    const test = await request('POST', `/api/admin/newsletters/${draft.id}/test`, { as: as(), body: { email: 'relecture@exemple.fr' } });
    expect(test.status).toBe(202);
    const mails = await queued('mail.send');
    expect(mails[0]).toMatchObject({ to: 'relecture@exemple.fr', subject: '[Test] Sujet final' });
    await messageOf(
      await request('POST', `/api/admin/newsletters/${draft.id}/test`, { as: as(), body: { email: 'pas une adresse' } }),
      400,
    );
  });

  it('schedules in the future or now (never in the past), queues the start, cancels, and only a draft is edited', async () => {
    const draft = contract.NewsletterIssue.parse(await (await compose({ subject: 'Programmé', newsletterType: 1, latest: 1 })).json());
    const status = (body: Record<string, unknown>) => request('POST', `/api/admin/newsletters/${draft.id}/status`, { as: as(), body });
    expect(await messageOf(await status({ action: 'schedule', version: 1, scheduledAt: '2020-01-01T00:00:00Z' }), 400)).toMatch(/passée/);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = contract.NewsletterIssue.parse(await (await status({ action: 'schedule', version: 1, scheduledAt: at })).json());
    expect(scheduled.status).toBe('scheduled');
    expect(await queued('newsletter.issue.start')).toContainEqual({ issueId: draft.id });
    const edit = await request('PUT', `/api/admin/newsletters/${draft.id}`, {
      as: as(),
      body: { version: scheduled.version, subject: 'x', preheader: '', intro: '', articleIds: [articleIds[0]], newsletterType: 1 },
    });
    expect(await messageOf(edit, 409)).toMatch(/brouillon/);
    expect(await messageOf(await status({ action: 'schedule', version: scheduled.version }), 409)).toMatch(/programmé/);
    const cancelled = contract.NewsletterIssue.parse(await (await status({ action: 'cancel', version: scheduled.version })).json());
    expect(cancelled.status).toBe('cancelled');
    const back = contract.NewsletterIssue.parse(await (await status({ action: 'draft', version: cancelled.version })).json());
    expect(back.status).toBe('draft');
    await messageOf(await status({ action: 'publish', version: back.version }), 400);
  });

  it('the archive shows sent issues only, cacheable, with their articles', async () => {
    const list = contract.NewsletterArchiveList.parse(await (await request('GET', '/api/newsletters')).json());
    // The demo seed's sent issue; drafts and scheduled ones never show.
    expect(list.results.map((issue) => issue.subject)).toEqual(['Le meilleur de la semaine']);
    const [sent] = list.results;
    const page = await request('GET', `/api/newsletters/${sent?.id}`);
    expect(page.headers.get('cache-control')).toMatch(/public/);
    expect(contract.NewsletterArchiveIssue.parse(await page.json()).articles.length).toBe(5);
    const drafts = contract.NewsletterIssueList.parse(await (await request('GET', '/api/admin/newsletters', { as: as() })).json());
    const draft = drafts.results.find((issue) => issue.status === 'draft');
    await messageOf(await request('GET', `/api/newsletters/${draft?.id}`), 404);
    await messageOf(await request('GET', '/api/newsletters/-1'), 400);
    await messageOf(await request('GET', '/api/newsletters?limit=1000'), 400);
  });
});
