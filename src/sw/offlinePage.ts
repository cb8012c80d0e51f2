/**
 * The offline page the service worker answers when a page was never visited and the network is gone
 * ("Vous êtes hors ligne" and the articles kept for offline reading). Built by the worker from its own
 * page cache, so it needs no script and no network; styled inline with the site's colours. Pure.
 */
import { appConfig } from '../../app.config.ts';

export interface OfflineArticle {
  title: string;
  path: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function metaContent(html: string, property: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]+property="${property}"[^>]*>`, 'i'))?.[0];
  const content = tag?.match(/content="([^"]*)"/i)?.[1];
  return content === undefined ? null : decodeEntities(content);
}

/** The article's title when a kept page is an article (og:type article), else null. */
export function articleTitleOf(html: string): string | null {
  if (metaContent(html, 'og:type') !== 'article') return null;
  const title = metaContent(html, 'og:title')?.trim();
  return title ? title : null;
}

export function renderOfflinePage(articles: readonly OfflineArticle[]): string {
  const list =
    articles.length > 0
      ? `<h2>Articles disponibles hors ligne</h2><ul>${articles
          .map((a) => `<li><a href="${escapeHtml(a.path)}">${escapeHtml(a.title)}</a></li>`)
          .join('')}</ul>`
      : '<p>Aucun article n’est encore disponible hors ligne : ceux que vous ouvrez en ligne le deviennent.</p>';
  return `<!doctype html>
<html lang="${appConfig.site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Vous êtes hors ligne - ${escapeHtml(appConfig.site.name)}</title>
<style>
body{margin:0;background:#fbf7f2;color:#1a1a1a;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}
.logo{color:#c8102e;font:italic 900 2rem Georgia,serif;text-decoration:none}
h1{font:900 2.25rem/1.1 Georgia,serif;margin:2rem 0 1rem}
h2{font-size:1.125rem;margin:2rem 0 .5rem}
ul{padding-left:1.25rem}li{margin:.5rem 0}
a{color:#a00d25;font-weight:700}
</style>
</head>
<body>
<main>
<a class="logo" href="/">${escapeHtml(appConfig.site.name.toLowerCase())}</a>
<h1>Vous êtes hors ligne</h1>
<p>Cette page n’a pas encore été lue sur cet appareil. Elle s’affichera dès le retour de la connexion.</p>
${list}
</main>
</body>
</html>`;
}
