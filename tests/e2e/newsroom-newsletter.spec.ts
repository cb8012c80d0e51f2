/**
 * "Newsletter" in the newsroom (/admin/lettres) and its public archive (/lettres), on a server of its own
 * whose mail goes to a loopback SMTP sink. A few readers sign up; an editor composes an issue from the
 * keyboard with the 3 most recent articles, reads the mail's preview (sandboxed frame, mobile width, text
 * part), sends a test to one address, then sends it now (confirmed in a dialog giving the audience;
 * Escape and « Annuler » send nothing) and watches the counts reach every subscriber —
 * each getting exactly one mail. The archive lists the issue and shows its articles as cards. A
 * contributor gets the server's French refusal. axe on the list and the editor.
 */
import { expect, type Page, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../../src/testing/smtpSink.ts';
import { createStaff, expectAxeClean, signedApi, signIn } from './support/newsroom.ts';
import { type OwnServer, postSignup, startOwnServer, tempDataDir } from './support/ownServer.ts';

test.describe.configure({ mode: 'serial' });

const SUBSCRIBERS = ['lea@exemple.fr', 'sami@exemple.fr', 'ines@exemple.fr', 'marc@exemple.fr'];
const SUBJECT = 'Les trois articles de la semaine';
const PREHEADER = 'Mode, beauté et culture en trois lectures';
const INTRO_FIRST = 'Bonjour à toutes et à tous,';
const INTRO_SECOND = 'Voici ce que la rédaction a aimé cette semaine.';
const TEST_TO = 'redaction@piquante.test';

let sink: SmtpSink;
let server: OwnServer;
let data: ReturnType<typeof tempDataDir>;
/** The issue the editor sends (read by the archive test). */
let issueId = 0;

// The sink first: the server is started with its address.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  data = tempDataDir();
  await createStaff(data.dir, 'eric@piquante.test', 'Éric Éditeur', 'editor');
  await createStaff(data.dir, 'chloe@piquante.test', 'Chloé Contributrice', 'contributor');
  server = await startOwnServer({
    DATA_DIR: data.dir,
    SEED_DEMO: '1',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Piquante <newsletter@piquante.test>',
    SITE_URL: 'http://magazine.test',
    NEWSLETTER_SEND_RATE: '50',
    // With SMTP_URL, double opt-in is the default: off here, so that signups count at once.
    NEWSLETTER_DOUBLE_OPT_IN: '0',
    ADMIN_LOGIN_RATE_LIMIT: '100',
  });
  // Readers sign up (no double opt-in: each one counts at once, and gets no mail for it).
  for (const email of SUBSCRIBERS) expect((await postSignup(server.baseUrl, email)).outcome, email).toBe('success');
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await sink?.close();
  data?.remove();
});

/** Tab to the next field and check it is the one expected. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

const count = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

test('an editor composes an issue from the keyboard, previews it, tests it, schedules it, sends it, and every subscriber gets it once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Newsletter' }).click();
  await expect(page).toHaveURL(/\/admin\/lettres$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // The demo content has one issue already sent.
  await expect(page.getByRole('table', { name: /numéro/ }).getByRole('row')).not.toHaveCount(0);
  await expectAxeClean(page, 'newsletter issues');

  // Composing, keyboard only: type, Tab from field to field, Enter on the button.
  const form = page.getByRole('form', { name: 'Composer un numéro' });
  await form.getByRole('textbox', { name: 'Objet du mail' }).focus();
  await page.keyboard.type(SUBJECT);
  await tabTo(page, form.getByRole('textbox', { name: 'Texte d’aperçu' }));
  await page.keyboard.type(PREHEADER);
  await tabTo(page, form.getByRole('textbox', { name: 'Introduction' }));
  await page.keyboard.type(INTRO_FIRST);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type(INTRO_SECOND);
  await tabTo(page, form.getByRole('combobox', { name: 'Newsletter' }));
  await expect(form.getByRole('combobox', { name: 'Newsletter' })).toHaveValue('1');
  await tabTo(page, form.getByRole('radio', { name: 'Les N articles les plus récents de la semaine' }));
  await expect(form.getByRole('radio', { name: 'Les N articles les plus récents de la semaine' })).toBeChecked();
  await tabTo(page, form.getByRole('spinbutton', { name: 'N (nombre d’articles)' }));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  // The other choice of the radio group is skipped by Tab (arrow keys move within a group).
  await tabTo(page, form.getByRole('button', { name: 'Créer le brouillon' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/lettres\/\d+$/);
  issueId = Number(/\/admin\/lettres\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(page.getByText('État : Brouillon')).toBeVisible();
  await expect(page.getByText(`partirait vers ${SUBSCRIBERS.length} abonnés`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Articles du numéro' }).getByRole('listitem')).toHaveCount(3);

  // The mail as subscribers will get it: a frame without scripts nor same origin, named for assistive technologies.
  const frame = page.locator('iframe[title^="Aperçu de l’e-mail"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('title', `Aperçu de l’e-mail « ${SUBJECT} »`);
  await expect(frame).toHaveAttribute('srcdoc', new RegExp(SUBJECT));
  await expect(page.frameLocator('iframe[title^="Aperçu de l’e-mail"]').locator('body')).toContainText(INTRO_SECOND);
  await expect(frame).toHaveAttribute('width', '800');
  await page.getByRole('radio', { name: 'Mobile (390 px)' }).check();
  await expect(frame).toHaveAttribute('width', '390');
  const textPart = page.locator('details').filter({ hasText: 'La version texte du mail' });
  await textPart.getByText('La version texte du mail').click();
  await expect(textPart.locator('pre')).toContainText(INTRO_FIRST);
  // The mail inside its sandboxed frame is not the newsroom's page (and axe cannot run in a frame without scripts).
  await expectAxeClean(page, 'newsletter issue editor, draft', { exclude: 'iframe[sandbox]' });

  // A test to one address, through the sending queue.
  await page.getByRole('textbox', { name: 'Adresse du test' }).fill(TEST_TO);
  await page.getByRole('button', { name: 'Envoyer un test' }).click();
  await expect(page.getByText(`Le test part vers ${TEST_TO}`)).toBeVisible();
  const test_ = await sink.waitFor(TEST_TO, 30_000);
  expect(test_.subject).toBe(`[Test] ${SUBJECT}`);
  expect(test_.text).toContain(INTRO_SECOND);

  // Scheduled for an hour from now: the issue waits (nobody gets it), then goes back to a draft.
  const inAnHour = new Date(Date.now() + 3_600_000);
  const local = new Date(inAnHour.getTime() - inAnHour.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Date et heure d’envoi').fill(local);
  await page.getByRole('button', { name: 'Programmer', exact: true }).click();
  await expect(page.getByText('État : Programmé')).toBeVisible();
  await page.getByRole('button', { name: 'Repasser en brouillon' }).click();
  await expect(page.getByText('État : Brouillon')).toBeVisible();
  expect(sink.mails.filter((mail) => mail.subject === SUBJECT)).toEqual([]);

  // Sending now is asked first, with the real audience; Escape and « Annuler » send nothing.
  const sendNow = page.getByRole('button', { name: 'Envoyer maintenant' });
  const asked = page.getByRole('alertdialog', { name: `Envoyer à ${SUBSCRIBERS.length} abonnés ?` });
  await sendNow.click();
  await expect(asked).toBeVisible();
  await expect(asked).toContainText(`« ${SUBJECT} » part maintenant vers les ${SUBSCRIBERS.length} abonnés`);
  await expect(asked).toContainText('ne se rattrape pas');
  await expect(asked.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectAxeClean(page, 'send-now confirmation', { exclude: 'iframe[sandbox]' });
  await page.keyboard.press('Escape');
  await expect(asked).toHaveCount(0);
  await sendNow.click();
  await asked.getByRole('button', { name: 'Annuler' }).click();
  await expect(asked).toHaveCount(0);
  await new Promise((done) => setTimeout(done, 1500));
  await expect(page.getByText('État : Brouillon')).toBeVisible();
  expect(sink.mails.filter((mail) => mail.subject === SUBJECT)).toEqual([]);

  // Now: the state moves (refreshed every few seconds) until every subscriber has it.
  await sendNow.click();
  await asked.getByRole('button', { name: `Envoyer à ${SUBSCRIBERS.length} abonnés` }).click();
  await expect(page.getByText('État : Envoyé')).toBeVisible({ timeout: 60_000 });
  await expect(count(page, 'Envoyés')).toHaveText(String(SUBSCRIBERS.length));
  await expect(count(page, 'En attente')).toHaveText('0');
  await expect(count(page, 'Échecs')).toHaveText('0');
  await expect(count(page, 'Adresses refusées')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Envoyer maintenant' })).toHaveCount(0);
  for (const email of SUBSCRIBERS) {
    const mail = await sink.waitFor(email, 30_000);
    expect(mail.subject, email).toBe(SUBJECT);
  }
  // Exactly one each: nothing else arrives.
  await new Promise((done) => setTimeout(done, 1500));
  expect(sink.mails.map((mail) => mail.to.join(','))).toEqual([]);

  // The list says it too.
  await page.getByRole('link', { name: 'Tous les numéros' }).click();
  const row = page.getByRole('row', { name: new RegExp(`^${SUBJECT}`) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Envoyé');
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(SUBSCRIBERS.length));
  await expect(row.getByRole('cell').nth(0)).toHaveText('SELF CARE CLUB');
  await expectAxeClean(page, 'newsletter issues, one sent');
});

test('the public archive lists the sent issue, and its web version shows its articles as cards', async ({ page, request }) => {
  expect(issueId).toBeGreaterThan(0);
  const archived = (await (await request.get(`${server.baseUrl}/api/newsletters/${issueId}`)).json()) as {
    articles: { title: string }[];
  };
  expect(archived.articles).toHaveLength(3);

  await page.goto(`${server.baseUrl}/lettres`);
  await expect(page).toHaveTitle('Les anciennes lettres - Piquante');
  await expect(page.getByRole('heading', { level: 1, name: 'Les anciennes lettres' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Les anciennes lettres' })).toHaveAttribute('href', '/lettres');
  await page.getByRole('link', { name: SUBJECT }).click();

  await expect(page).toHaveURL(new RegExp(`/lettres/${issueId}$`));
  await expect(page).toHaveTitle(`${SUBJECT} - Piquante`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://magazine.test/lettres/${issueId}`);
  await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(page.getByText(INTRO_FIRST)).toBeVisible();
  await expect(page.getByText(INTRO_SECOND)).toBeVisible();
  const cards = page.getByTestId('article-list').getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const [index, article] of archived.articles.entries()) {
    await expect(cards.nth(index).getByRole('heading', { level: 3 })).toHaveText(article.title);
  }

  // Rendered on the server like any reader's page (anonymous: cacheable), and an unknown issue is a 404.
  const html = await request.get(`${server.baseUrl}/lettres/${issueId}`);
  expect(html.status()).toBe(200);
  expect(await html.text()).toContain(SUBJECT);
  expect((await request.get(`${server.baseUrl}/lettres/999999`)).status()).toBe(404);
});

test('articles picked by hand: searched, added, put in order and removed with the keyboard, then saved in that order', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.baseUrl, 'eric@piquante.test');
  await page.goto(`${server.baseUrl}/admin/lettres`);
  const form = page.getByRole('form', { name: 'Composer un numéro' });
  await form.getByRole('textbox', { name: 'Objet du mail' }).fill('Une sélection à la main');
  await form.getByRole('radio', { name: 'Choisir les articles un par un' }).check();
  const search = form.getByRole('searchbox', { name: 'Chercher un article publié' });
  await search.focus();
  await page.keyboard.press('Enter');
  const found = form.getByRole('list', { name: 'Articles publiés trouvés' }).getByRole('listitem');
  await expect(found).toHaveCount(10);
  const titles = (await found.allTextContents()).map((text) => text.replace(/(Ajouter|Déjà choisi) « .* »$/, '').trim());
  // Add the first three from the keyboard.
  for (const title of titles.slice(0, 3)) {
    await form.getByRole('button', { name: `Ajouter « ${title} »` }).focus();
    await page.keyboard.press('Enter');
  }
  const picked = form.getByRole('list', { name: 'Articles du numéro' }).getByRole('listitem');
  await expect(picked).toHaveCount(3);
  await expect(form.getByRole('button', { name: `Déjà choisi « ${titles[0]} »` })).toBeDisabled();
  // The third goes up to first place, the (now) second is removed.
  await form.getByRole('button', { name: `Monter « ${titles[2]} »` }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: `Monter « ${titles[2]} »` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picked.first()).toContainText(titles[2] ?? '');
  await expect(form.getByText(`« ${titles[2]} » en position 1.`)).toBeVisible();
  await form.getByRole('button', { name: `Retirer « ${titles[0]} »` }).focus();
  await page.keyboard.press('Enter');
  await expect(picked).toHaveCount(2);
  await form.getByRole('button', { name: 'Créer le brouillon' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/lettres\/\d+$/);
  const saved = page.getByRole('list', { name: 'Articles du numéro' }).getByRole('listitem');
  await expect(saved).toHaveCount(2);
  await expect(saved.nth(0)).toContainText(titles[2] ?? '');
  await expect(saved.nth(1)).toContainText(titles[1] ?? '');

  // A colleague saves the draft meanwhile: saving here is refused with the server's French sentence, nothing is
  // overwritten, and reloading brings the colleague's version.
  const id = Number(/\/admin\/lettres\/(\d+)$/.exec(page.url())?.[1]);
  const colleague = await signedApi(server.baseUrl, 'eric@piquante.test');
  const current = (await (await colleague.api.get(`/api/admin/newsletters/${id}`)).json()) as Record<string, unknown>;
  const theirs = await colleague.api.put(`/api/admin/newsletters/${id}`, {
    headers: { 'x-csrf-token': colleague.csrf },
    data: {
      version: current.version,
      subject: 'Le titre de la collègue',
      preheader: '',
      intro: '',
      articleIds: current.articleIds,
      newsletterType: current.newsletterType,
    },
  });
  expect(theirs.status()).toBe(200);
  await colleague.api.dispose();
  const draft = page.getByRole('form', { name: 'Le brouillon' });
  await draft.getByRole('textbox', { name: 'Objet du mail' }).fill('Mon titre à moi');
  await draft.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Ce numéro a été modifié entre-temps');
  await page.getByRole('button', { name: 'Recharger le numéro' }).click();
  await expect(draft.getByRole('textbox', { name: 'Objet du mail' })).toHaveValue('Le titre de la collègue');
  await draft.getByRole('textbox', { name: 'Objet du mail' }).fill('Mon titre, après la sienne');
  await draft.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Brouillon enregistré.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon titre, après la sienne' })).toBeVisible();
});

test('a contributor has no “Newsletter” link, and the page shows the server’s refusal in French', async ({ page }) => {
  await signIn(page, server.baseUrl, 'chloe@piquante.test');
  await expect(page.getByRole('navigation', { name: 'Rédaction' }).getByRole('link', { name: 'Newsletter' })).toHaveCount(0);
  await page.goto(`${server.baseUrl}/admin/lettres`);
  await expect(page.getByRole('alert')).toHaveText('Votre rôle (contributeur) ne permet pas de composer ou d’envoyer la newsletter.');
  await expect(page.getByRole('form', { name: 'Composer un numéro' })).toHaveCount(0);
});
