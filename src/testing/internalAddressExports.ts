/**
 * Issue 34's trap, for tests: a listener on 127.0.0.1 that answers every request with a 1×1 PNG and counts
 * them, the spellings of its address (and the cloud metadata service's) an attacker would write, and a
 * WordPress WXR and a Ghost JSON export whose images point there — each post with one body image and one
 * featured image (a WXR attachment, a Ghost `feature_image`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface CountingListener {
  port: number;
  requests: () => number;
  /** The requests that reached it since the last reset, in order: what a test asserts was (never) sent. */
  received: IncomingMessage[];
  reset: () => void;
  close: () => Promise<void>;
}

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const pixel: Answer = (_request, response) => {
  response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
};

/** A listener on 127.0.0.1 that keeps every request reaching it; by default each is answered with a 1×1 PNG. */
export async function startCountingListener(answer: Answer = pixel): Promise<CountingListener> {
  const received: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    received.push(request);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => received.length,
    received,
    reset: () => {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The listener's address as the report spelled it, and the metadata service. */
export function internalHosts(port: number): string[] {
  return [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `2130706433:${port}`,
    `0x7f000001:${port}`,
    `0177.0.0.1:${port}`,
    `127.1:${port}`,
    `0.0.0.0:${port}`,
    `[::1]:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `[::ffff:7f00:1]:${port}`,
    '169.254.169.254',
  ];
}

/** A WXR export: post n's body image and attachment (its featured image) on hosts[n]. */
export function wxrPointingAt(hosts: string[]): string {
  const items = hosts.map((host, i) => {
    const id = i + 1;
    return `<item><title>Billet ${id}</title><link>https://old.example/${id}/</link><dc:creator>jane</dc:creator>
<content:encoded><![CDATA[<p>Texte ${id}.</p><p><img src="http://${host}/corps-${id}.png" alt="Corps ${id}"></p>]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-02 03:04:05</wp:post_date><wp:post_date_gmt>2020-01-02 03:04:05</wp:post_date_gmt>
<wp:post_name>billet-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_password></wp:post_password>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${100 + id}</wp:meta_value></wp:postmeta></item>
<item><title>piece-${id}</title><wp:post_id>${100 + id}</wp:post_id><wp:post_parent>${id}</wp:post_parent><wp:post_type>attachment</wp:post_type>
<wp:attachment_url>http://${host}/piece-jointe-${id}.png</wp:attachment_url></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Site</title><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://old.example</wp:base_site_url>
${items.join('\n')}
</channel></rss>`;
}

/** A Ghost JSON export: post n's `<img>` and `feature_image` on hosts[n]. */
export function ghostJsonPointingAt(hosts: string[]): string {
  const posts = hosts.map((host, i) => ({
    id: `g${i + 1}`,
    uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    title: `Billet fantôme ${i + 1}`,
    slug: `billet-fantome-${i + 1}`,
    lexical: null,
    mobiledoc: null,
    html: `<p>Texte.</p><img src="http://${host}/ghost-corps-${i + 1}.png" alt="Corps">`,
    feature_image: `http://${host}/ghost-une-${i + 1}.png`,
    type: 'post',
    status: 'published',
    visibility: 'public',
    published_at: '2024-05-01T08:00:00.000Z',
    updated_at: '2024-05-01T08:00:00.000Z',
  }));
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1716800000000, version: '5.80.0' },
        data: {
          posts,
          posts_authors: posts.map((p, i) => ({ id: `pa${i}`, post_id: p.id, author_id: 'u1', sort_order: 0 })),
          users: [{ id: 'u1', slug: 'camille', name: 'Camille', email: 'c@exemple.fr' }],
          tags: [],
        },
      },
    ],
  });
}

/** A refused image's report line (body or featured image). */
export const REFUSED_LINE = /^Image (principale )?ignorée : adresse refusée \(réseau interne ou non autorisé\) : http:\/\//;

/** Words that would tell what answered at an internal address: never in a report about one. */
export const ANSWER_WORDS = ['répondu', 'JPEG', 'injoignable', 'délai', 'trop lourde'];
