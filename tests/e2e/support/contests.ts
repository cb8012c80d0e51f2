/**
 * The contest specs' world: a production server of their own (altcha captcha, double opt-in mail to a
 * loopback SMTP sink, the demo content), an editor, and a contest created and published through the API.
 */
import { expect, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../../../src/testing/smtpSink.ts';
import { createStaff, signedApi } from './newsroom.ts';
import { type OwnServer, startOwnServer, tempDataDir } from './ownServer.ts';

export const CONTEST_EDITOR = 'eve@piquante.test';

/** Registers the hooks that start the server (and its SMTP sink) before the file's tests and stop it after. */
export function contestServer(port: number): { readonly server: OwnServer; readonly sink: SmtpSink } {
  const state = {} as { server: OwnServer; sink: SmtpSink; data: ReturnType<typeof tempDataDir> };
  test.beforeAll(async () => {
    // Migrations and the demo seed on a fresh PGlite: minutes on a loaded machine.
    test.setTimeout(360_000);
    state.sink = await startSmtpSink();
    state.data = tempDataDir();
    await createStaff(state.data.dir, CONTEST_EDITOR, 'Ève Éditrice', 'editor');
    state.server = await startOwnServer(
      {
        DATA_DIR: state.data.dir,
        SEED_DEMO: '1',
        CAPTCHA_PROVIDER: 'altcha',
        NEWSLETTER_DOUBLE_OPT_IN: '1',
        SMTP_URL: state.sink.url,
        MAIL_FROM: 'Piquante <concours@piquante.test>',
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      port,
    );
  });
  test.afterAll(async () => {
    await state.server?.kill('SIGTERM');
    await state.sink?.close();
    state.data?.remove();
  });
  return state;
}

export interface ContestFields {
  title: string;
  endsAt: Date;
  question: string;
  questionChoices: string[];
}

/** A contest that started yesterday, created and published by the editor: its id and address. */
export async function publishContest(baseUrl: string, fields: ContestFields): Promise<{ id: number; url: string }> {
  const { api, csrf } = await signedApi(baseUrl, CONTEST_EDITOR);
  const created = await api.post('/api/admin/contests', {
    headers: { 'x-csrf-token': csrf },
    data: {
      title: fields.title,
      description: 'Deux nuits face à l’océan.',
      image: { url: '/media/svg/mosaic/redaction.svg', alt: 'La côte basque', width: 1200, height: 800 },
      prize: 'Un week-end pour deux',
      rules: ['Concours gratuit sans obligation d’achat.', 'Une participation par personne.'],
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: fields.endsAt.toISOString(),
      question: fields.question,
      questionChoices: fields.questionChoices,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contest = (await created.json()) as { id: number; url: string; version: number };
  const published = await api.post(`/api/admin/contests/${contest.id}/status`, {
    headers: { 'x-csrf-token': csrf },
    data: { action: 'publish', version: contest.version },
  });
  expect(published.status()).toBe(200);
  return contest;
}
