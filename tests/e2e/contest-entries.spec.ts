/**
 * Contests readers can enter (issue 39), end to end on a production server of its own with double opt-in
 * mail to a loopback SMTP sink and the self-hosted captcha: an editor publishes a contest closing a minute
 * later with a question; a reader enters from its page (axe on the form), confirms through the e-mailed
 * link's button; the newsroom sees the confirmed entry, draws after the closing (seed and pool shown), the
 * winner is mailed, and the contest's page says « Terminé » with the winner as first name and initial.
 */
import { expect, test } from '@playwright/test';
import { linkIn } from '../../src/testing/smtpSink.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { CONTEST_EDITOR, contestServer, publishContest } from './support/contests.ts';
import { expectAxeClean, signIn } from './support/newsroom.ts';

test.describe.configure({ mode: 'serial' });

const world = contestServer(5161);

test('a reader enters and confirms; the newsroom sees the entry and draws; the page shows the winner', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { server, sink } = world;
  const endsAt = new Date(Date.now() + 60_000);
  const contest = await publishContest(server.baseUrl, {
    title: 'Gagnez une escapade au Pays basque',
    endsAt,
    question: 'Dans quelle région est Biarritz ?',
    questionChoices: ['Bretagne', 'Nouvelle-Aquitaine', 'Occitanie'],
  });

  // The reader's page: the form, and nothing personal in the page itself.
  const email = `lectrice-${Date.now().toString(36)}@exemple.fr`;
  await page.goto(`${server.baseUrl}/concours/${contest.url}`);
  const form = page.getByRole('region', { name: 'Je participe' });
  await expect(form).toBeVisible();
  expect(await seriousAxeViolations(page), 'contest entry form').toEqual([]);
  await form.getByLabel('Adresse e-mail (obligatoire)').fill(email);
  await form.getByLabel('Prénom (obligatoire)').fill('Camille');
  await form.getByLabel('Nom (obligatoire)', { exact: true }).fill('Durand');
  await form.getByLabel('Nouvelle-Aquitaine').check();
  // Without the rules accepted, the server says so in French.
  await form.getByRole('button', { name: 'Valider ma participation' }).click();
  await expect(form.getByRole('status')).toContainText('acceptez le règlement');
  await form.getByLabel(/J’accepte le/).check();
  await expect(form.getByLabel(/recevoir la newsletter/)).not.toBeChecked();
  await form.getByRole('button', { name: 'Valider ma participation' }).click();
  await expect(form.getByRole('status')).toContainText('Votre participation est enregistrée');

  const mail = await sink.waitFor(email);
  const link = linkIn(mail, `${server.baseUrl}/concours/confirmer/`);
  await page.goto(link);
  await page.getByRole('main').getByRole('button', { name: 'Confirmer ma participation' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    "C'est confirmé : votre participation compte pour le tirage au sort. Bonne chance !",
  );

  // The newsroom: the entry, confirmed; the draw once the contest has closed.
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signIn(desk, server.baseUrl, CONTEST_EDITOR);
  await desk.goto(`${server.baseUrl}/admin/participations/${contest.id}`);
  await expect(desk.getByTestId('entry-counts')).toHaveText('1 participation, dont 1 confirmée');
  await expect(desk.getByRole('row', { name: new RegExp(email) })).toContainText('Nouvelle-Aquitaine');
  await expectAxeClean(desk, 'contest entries');
  await desk.waitForTimeout(Math.max(0, endsAt.getTime() - Date.now() + 1500));
  await desk.reload();
  await desk.getByLabel('Nombre de gagnants').fill('1');
  await desk.getByRole('button', { name: /Tirer au sort parmi les 1 confirmées/ }).click();
  await expect(desk.getByRole('status')).toContainText('Tirage fait : Camille D.');
  await desk.getByText('Vérifier le tirage').click();
  await expect(desk.getByText(/^Graine :/)).toContainText(/[0-9a-f]{64}/);
  await context.close();

  const won = await sink.waitFor(email);
  expect(won.subject).toBe('Vous avez gagné le concours « Gagnez une escapade au Pays basque » !');

  await page.goto(`${server.baseUrl}/concours/${contest.url}`);
  await expect(page.getByText('Ce concours est terminé.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Je participe' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Le gagnant' }).getByRole('listitem')).toHaveText(['Camille D.']);
});
