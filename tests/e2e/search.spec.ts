import { expect, type Page, test } from '@playwright/test';

/** Counts the /api/search requests the page sends. */
function countSearchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search') urls.push(request.url());
  });
  return urls;
}

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechercher' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('search overlay', () => {
  test('2 characters send nothing; 3+ send exactly one request after the pause; q follows the input', async ({ page }) => {
    const requests = countSearchRequests(page);
    await page.goto('/');
    const dialog = await openSearch(page);
    const input = dialog.getByRole('searchbox', { name: 'Rechercher un article' });
    await expect(input).toBeFocused();

    await input.pressSequentially('ro', { delay: 50 });
    await page.waitForTimeout(900);
    expect(requests).toHaveLength(0);
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);

    // One input event: keystrokes typed one by one can be further apart than
    // the pause on a loaded CI machine, which would rightly send two requests.
    // The pause itself is covered by searchMachine's model-based tests.
    await input.fill('robe');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('robe');
    await expect(dialog.getByTestId('search-result').first()).toBeVisible();
    await page.waitForTimeout(700);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0] ?? '').searchParams.get('q')).toBe('robe');

    const first = dialog.getByTestId('search-result').first();
    await expect(first.getByRole('img')).toHaveAttribute('alt', /.+/);
    await expect(first.getByRole('heading')).toContainText(/robe/i);

    await input.press('Backspace');
    await input.press('Backspace');
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);
    await expect(dialog.getByTestId('search-result')).toHaveCount(0);
  });

  test('opening /?q=robe opens the overlay with results', async ({ page }) => {
    await page.goto('/?q=robe');
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('search-result').first()).toBeVisible();
    await expect(dialog.getByRole('searchbox')).toHaveValue('robe');
  });

  test("a nonsense query shows 'Essayez autre chose !'", async ({ page }) => {
    await page.goto('/');
    const dialog = await openSearch(page);
    await dialog.getByRole('searchbox').fill('xqzwvk');
    await expect(dialog.getByText('Essayez autre chose !')).toBeVisible();
  });

  test('a failed search says so in French, with no spinner left, and Réessayer brings the results', async ({ page }) => {
    let failing = true;
    // The server answering 503 once: the property the machine's model cannot see (its text is the panel's).
    await page.route('**/api/search?**', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Indisponible"}' }) : route.fallback(),
    );
    const requests = countSearchRequests(page);
    await page.goto('/');
    const dialog = await openSearch(page);
    await dialog.getByRole('searchbox').fill('robe');
    await expect(dialog.getByText("La recherche n'a pas abouti.")).toBeVisible();
    await expect(dialog.getByTestId('search-spinner')).toHaveCount(0);
    await expect(dialog.getByTestId('search-result')).toHaveCount(0);
    // The error waits for the visitor: no retry on its own while online (it used to loop on a 503).
    await page.waitForTimeout(1000);
    expect(requests).toHaveLength(1);
    failing = false;
    await dialog.getByRole('button', { name: 'Réessayer' }).click();
    await expect(dialog.getByTestId('search-result').first()).toBeVisible();
    expect(requests).toHaveLength(2);
    await expect(dialog.getByText("La recherche n'a pas abouti.")).toHaveCount(0);
  });

  test('keyboard: results reachable by Tab, focus stays inside, Escape closes', async ({ page }) => {
    await page.goto('/');
    const dialog = await openSearch(page);
    await dialog.getByRole('searchbox').fill('maquillage');
    await expect(dialog.getByTestId('search-result').first()).toBeVisible();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((node) => node.contains(document.activeElement));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the overlay has the category list', async ({ page }) => {
    await page.goto('/');
    const dialog = await openSearch(page);
    await expect(dialog.getByRole('navigation', { name: 'Catégories' }).getByRole('link', { name: 'Mode' })).toHaveAttribute(
      'href',
      '/mode',
    );
  });
});
