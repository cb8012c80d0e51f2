/**
 * An admin resets a colleague's password (issue 19): confirmed first, the provisional password shown once,
 * the colleague's open session ends at once; signing in with the provisional password leads straight to
 * "Choisissez votre mot de passe" and nowhere else, until a password of their own is chosen. From the
 * keyboard, axe-clean.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean, newsroomServer, signIn, STAFF_PASSWORD } from './support/newsroom.ts';

const server = newsroomServer([
  ['ada@piquante.test', 'Ada Admin', 'admin'],
  ['paul@piquante.test', 'Paul Oublieux', 'author'],
]);

test('an admin gives a provisional password; the colleague must choose their own at the next sign-in', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const base = server.baseUrl;
  // Paul has a session open elsewhere.
  const paulContext = await browser.newContext();
  const paulsOldPage = await paulContext.newPage();
  await signIn(paulsOldPage, base, 'paul@piquante.test');

  await signIn(page, base, 'ada@piquante.test');
  await page.getByRole('link', { name: 'Comptes' }).click();
  const reset = page.getByRole('button', { name: 'Réinitialiser le mot de passe de Paul Oublieux' });
  await reset.focus();
  await page.keyboard.press('Enter');
  // Asked first; the confirmation takes the focus, Annuler changes nothing.
  const confirm = page.getByRole('button', { name: 'Donner un mot de passe provisoire' });
  await expect(page.getByRole('heading', { name: 'Réinitialiser le mot de passe de Paul Oublieux ?' })).toBeVisible();
  await expect(confirm).toBeFocused();
  await expectAxeClean(page, 'staff page, reset asked');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toHaveCount(0);
  await reset.click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Mot de passe provisoire de Paul Oublieux' })).toBeFocused();
  await expect(page.getByText('1 session a été fermée.', { exact: false })).toBeVisible();
  const provisional = (await page.getByTestId('mot-de-passe-provisoire').textContent()) ?? '';
  expect(provisional).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
  await expect(page.getByRole('row', { name: /Paul Oublieux/ })).toContainText('mot de passe provisoire');
  await expectAxeClean(page, 'staff page, provisional password shown');
  // The admin's own row offers no reset: "Mon compte" changes one's own password.
  await expect(page.getByRole('button', { name: 'Réinitialiser le mot de passe de Ada Admin' })).toHaveCount(0);

  // Paul's open session is over: the next page he opens asks him to sign in.
  await paulsOldPage.goto(`${base}/admin`);
  await expect(paulsOldPage).toHaveURL(/\/admin\/connexion/);

  // The old password is refused; the provisional one leads to choosing his own, and nowhere else.
  await paulsOldPage.getByLabel('Adresse e-mail').fill('paul@piquante.test');
  await paulsOldPage.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
  await paulsOldPage.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(paulsOldPage.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await paulsOldPage.getByLabel('Mot de passe').fill(provisional);
  await paulsOldPage.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(paulsOldPage.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
  await expect(paulsOldPage.getByLabel('Mot de passe provisoire')).toHaveCount(0);
  await expectAxeClean(paulsOldPage, 'choose your password');
  // Going elsewhere by address: sent back to the page that replaces the password.
  await paulsOldPage.goto(`${base}/admin/articles/nouveau`);
  await expect(paulsOldPage).toHaveURL(/\/admin\/mot-de-passe$/);
  await expect(paulsOldPage.getByRole('navigation', { name: 'Rédaction' })).toHaveCount(0);
  // After a reload the provisional password is asked again.
  await paulsOldPage.getByLabel('Mot de passe provisoire').fill(provisional);
  await paulsOldPage.getByLabel('Nouveau mot de passe', { exact: true }).fill('ma propre phrase à moi');
  await paulsOldPage.getByLabel('Confirmez le nouveau mot de passe').fill('une autre phrase');
  await paulsOldPage.keyboard.press('Enter');
  await expect(paulsOldPage.getByRole('alert')).toHaveText('Les deux saisies du nouveau mot de passe diffèrent.');
  await paulsOldPage.getByLabel('Confirmez le nouveau mot de passe').fill('ma propre phrase à moi');
  await paulsOldPage.keyboard.press('Enter');
  await expect(paulsOldPage.getByRole('heading', { name: 'Articles' })).toBeVisible();
  await expect(paulsOldPage.getByRole('navigation', { name: 'Rédaction' })).toBeVisible();
  await paulContext.close();

  // The admin's list no longer says "provisional"; Paul signs in with his own password from now on.
  await page.reload();
  await expect(page.getByRole('row', { name: /Paul Oublieux/ })).not.toContainText('mot de passe provisoire');
  const fresh = await browser.newContext();
  const paulAgain = await fresh.newPage();
  await signIn(paulAgain, base, 'paul@piquante.test', 'ma propre phrase à moi');
  await fresh.close();
});
