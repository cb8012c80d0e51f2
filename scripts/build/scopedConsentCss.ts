/**
 * vanilla-cookieconsent's stylesheet with its custom properties on `#cc-main` instead of `:root` (issue 38,
 * decision 034). Custom properties inherit: a stylesheet that sets them on the root element, added to a page that
 * is already drawn, makes the browser recompute the style of every element of the page (865 on the home, 13–19 ms
 * of main thread on a fast machine, ×4 in Lighthouse's phone), though only the banner reads them. Set on the
 * banner's own container, they cost the style of its ≈ 25 elements. Our theme (consentTheme.css) sets them on
 * `#cc-main` too, and comes after the library's sheet, so it still wins.
 */
import type { Plugin } from 'vite';

const LIBRARY_SHEET = /[\\/]vanilla-cookieconsent[\\/]dist[\\/]cookieconsent\.css$/;

/** The library's CSS with every `:root` rule moved onto the banner's container; `moved` counts them. */
export function scopeConsentCss(css: string): { css: string; moved: number } {
  let moved = 0;
  const scoped = css.replace(/(^|[{}\s,;])(:root)(\s*\{)/g, (_match, before: string, _root: string, brace: string) => {
    moved += 1;
    return `${before}#cc-main${brace}`;
  });
  return { css: scoped, moved };
}

export function scopedConsentCssPlugin(): Plugin {
  return {
    name: 'piquante:scoped-consent-css',
    // Before Vite's own CSS handling: it sees the library's file as written.
    enforce: 'pre',
    transform(code, id) {
      if (!LIBRARY_SHEET.test(id.split('?')[0] ?? id)) return null;
      const { css, moved } = scopeConsentCss(code);
      if (moved === 0) this.warn('vanilla-cookieconsent’s stylesheet has no :root rule any more: check what it sets on the whole page');
      return { code: css, map: null };
    },
  };
}
