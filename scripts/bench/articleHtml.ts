/**
 * The weight of an article page's HTML (issue 22), as the server sends it: uncompressed and gzip, for the corpus's
 * longest article (longest reading time, then longest body text), with the share of the router's hydration script;
 * then the largest and median page over every article. Printed by bench:page-weight.
 */
import { request } from 'node:http';
import { ARTICLE_HTML_BUDGET_BYTES } from './articleHtmlBudget.ts';

interface Card {
  url: string;
  fullUrl: string;
  readingMinutes: number;
}

/** The body's bytes as the server sent them (no decompression), for one Accept-Encoding. */
function rawBody(base: string, path: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { Accept: 'text/html', 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

async function allCards(base: string): Promise<Card[]> {
  const cards: Card[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await (await fetch(`${base}/api/articles?limit=100&offset=${offset}`)).json()) as { results: Card[] };
    cards.push(...page.results);
    if (page.results.length < 100) return cards;
  }
}

async function longest(base: string, cards: Card[]): Promise<Card> {
  const most = Math.max(...cards.map((card) => card.readingMinutes));
  let best: { card: Card; length: number } | undefined;
  for (const card of cards.filter((c) => c.readingMinutes === most)) {
    const { result } = (await (await fetch(`${base}/api/article/${card.url}`)).json()) as { result: { body: { text: string }[] } };
    const length = result.body.reduce((sum, block) => sum + block.text.length, 0);
    if (!best || length > best.length) best = { card, length };
  }
  if (!best) throw new Error('No article');
  return best.card;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function printArticleHtmlWeight(base: string): Promise<void> {
  const cards = await allCards(base);
  const card = await longest(base, cards);
  // The first render after a start streams the footer's newsletter form in later (a larger page): warm it first.
  await rawBody(base, card.fullUrl, 'identity');
  const identity = await rawBody(base, card.fullUrl, 'identity');
  const gzip = await rawBody(base, card.fullUrl, 'gzip');
  const html = identity.toString('utf8');
  const hydration = html.match(/<script data-tsr-stream-part="">[\s\S]*?<\/script>/)?.[0] ?? '';
  console.log(
    `article HTML, longest of ${cards.length} (${card.fullUrl}): ${identity.length} bytes (${kb(identity.length)}) uncompressed, ` +
      `${gzip.length} bytes (${kb(gzip.length)}) gzip; hydration script ${Buffer.byteLength(hydration)} bytes` +
      `${identity.length > ARTICLE_HTML_BUDGET_BYTES ? ` — OVER the ${kb(ARTICLE_HTML_BUDGET_BYTES)} budget` : ''}`,
  );
  const sizes: number[] = [];
  for (const each of cards) sizes.push((await rawBody(base, each.fullUrl, 'identity')).length);
  sizes.sort((a, b) => a - b);
  console.log(
    `article HTML over all ${sizes.length} articles, uncompressed: median ${kb(sizes[Math.floor(sizes.length / 2)] ?? 0)}, ` +
      `largest ${kb(sizes.at(-1) ?? 0)}, smallest ${kb(sizes[0] ?? 0)}`,
  );
}
