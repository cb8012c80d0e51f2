/** One way to ask axe for the serious and critical findings on a page, once it has stopped moving. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const SEVERE = new Set(['serious', 'critical']);
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Longer than any finite animation of the site; a guard for pages whose clock a test has paused. */
const SETTLE_LIMIT_MS = 3_000;

/**
 * Waits for the finite animations running on the page (a quiz question or a drawn reply sliding
 * in). Mid-fade, text is partly transparent and axe reports a contrast the reader never sees.
 */
async function settleAnimations(page: Page): Promise<void> {
  const settled = page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, SETTLE_LIMIT_MS))]);
}

export interface AxeOptions {
  /** Only this part of the page. */
  include?: string;
  /**
   * Not this part: e.g. a sandboxed frame (`sandbox=""`, no scripts), which axe cannot be injected into —
   * trying stalls the whole analysis.
   */
  exclude?: string;
  /** Also axe's best-practice rules (landmarks, headings), where a page is expected to pass them. */
  bestPractice?: boolean;
}

/** `rule (impact): targets` for each serious or critical violation; empty when there is none. */
export async function seriousAxeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(options.bestPractice ? [...WCAG_AA, 'best-practice'] : WCAG_AA);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact && SEVERE.has(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
