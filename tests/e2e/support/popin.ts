/** The reader's popin in browser specs: the dialog, the machine's state marker, and opening it on Playwright's clock. */
import { expect, type Page } from '@playwright/test';

export const popinDialog = (page: Page) => page.locator('dialog.popin-dialog');
export const popinState = (page: Page) => page.getByTestId('popin-state');

/** Opens the popin of `path` on Playwright's clock (installed before), whatever its trigger. */
export async function openPopin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // An isOpen popin may already be displayed (200 ms) by the time the marker is read.
  await expect(popinState(page)).toHaveAttribute('data-state', /waiting|displayed/, { timeout: 15_000 });
  if ((await popinState(page).getAttribute('data-state'))?.includes('watchingMouse')) {
    await page.mouse.move(200, 200);
    await page.mouse.move(200, -20);
  }
  await page.clock.runFor(20_000);
  await expect(popinDialog(page)).toBeVisible();
}
