import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { scopeConsentCss } from './scopedConsentCss.ts';

const librarySheet = readFileSync(createRequire(import.meta.url).resolve('vanilla-cookieconsent/dist/cookieconsent.css'), 'utf8');

describe('scopeConsentCss', () => {
  it('leaves no rule of the library on the root element', () => {
    const { css, moved } = scopeConsentCss(librarySheet);
    expect(moved).toBeGreaterThan(0);
    expect(css).not.toMatch(/:root/);
    expect(css).toMatch(/#cc-main\{--cc-font-family:/);
  });

  it('moves only :root selectors, whatever surrounds them', () => {
    expect(scopeConsentCss(':root{--a:1}a:root-ish{x:y}').css).toBe('#cc-main{--a:1}a:root-ish{x:y}');
    expect(scopeConsentCss('@media (min-width:1px){:root {--a:1}}').css).toBe('@media (min-width:1px){#cc-main {--a:1}}');
    expect(scopeConsentCss('.x{}\n:root{--b:2}').moved).toBe(1);
  });
});
