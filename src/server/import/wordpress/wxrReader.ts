/**
 * WordPress's export (WXR, versions 1.0 to 1.2) → the import model (importModel.ts). Two streamed passes over
 * the file: the first checks all of it (so that a bad file is refused before anything is written) and learns
 * the attachments (id → address, alt text, caption: posts name their images by attachment id) and the number
 * of posts; the second emits authors, terms and posts in file order, where WordPress puts authors and terms
 * first. E-mail addresses and passwords of the export are never read into the model.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { slugify } from '../../newsroom/slugs.ts';
import {
  type ImportAuthor,
  type ImportEvent,
  ImportFileError,
  type ImportImage,
  type ImportPost,
  type ImportPostStatus,
  type ImportSource,
  type ImportTerm,
} from '../importModel.ts';
import { gutenbergToHtml, textOf } from './gutenbergToHtml.ts';
import type { WpAttachment } from './shortcodes.ts';
import { scanWxr, type WxrItem } from './wxrScan.ts';

interface Attachment extends WpAttachment {
  parent: string;
}

interface FirstPass {
  version: string | null;
  siteUrl: string | null;
  blogUrl: string | null;
  postCount: number;
  attachments: Map<string, Attachment>;
  /** Attachment ids by the post they were uploaded to, in file order (`[gallery]` without ids). */
  attachedTo: Map<string, string[]>;
}

const field = (item: WxrItem, name: string) => item.fields.get(name)?.trim() ?? '';

/** WordPress titles are HTML (`Title <em>With</em> markup`): the newsroom's are plain text. */
const titleOf = (item: WxrItem): string => {
  const title = field(item, 'title');
  return /<[a-z/!]/i.test(title) ? textOf(title).join(' ') : title;
};

async function firstPass(file: string): Promise<FirstPass> {
  const pass: FirstPass = { version: null, siteUrl: null, blogUrl: null, postCount: 0, attachments: new Map(), attachedTo: new Map() };
  for await (const record of scanWxr(file)) {
    if (record.type === 'channel') {
      if (record.name === 'wp:wxr_version') pass.version = record.text;
      else if (record.name === 'wp:base_site_url') pass.siteUrl = record.text || null;
      else if (record.name === 'wp:base_blog_url') pass.blogUrl = record.text || null;
      continue;
    }
    if (record.type !== 'item') continue;
    const type = field(record.item, 'wp:post_type');
    if (type === 'post' || type === 'page') pass.postCount += 1;
    if (type !== 'attachment') continue;
    const id = field(record.item, 'wp:post_id');
    const url = field(record.item, 'wp:attachment_url') || field(record.item, 'guid');
    if (!id || !url) continue;
    const parent = field(record.item, 'wp:post_parent');
    pass.attachments.set(id, {
      url,
      alt: (record.item.meta.get('_wp_attachment_image_alt') ?? '').trim(),
      caption: textOf(record.item.fields.get('excerpt:encoded') ?? '').join(' '),
      parent,
    });
    if (parent && parent !== '0') pass.attachedTo.set(parent, [...(pass.attachedTo.get(parent) ?? []), id]);
  }
  if (pass.version === null) {
    throw new ImportFileError('Ce fichier n’est pas un export WordPress (WXR) : il n’a pas de version WXR (wp:wxr_version).');
  }
  if (!/^1\.[0-2]$/.test(pass.version)) {
    throw new ImportFileError(`Version WXR « ${pass.version.slice(0, 20)} » non prise en charge : les versions 1.0 à 1.2 le sont.`);
  }
  return pass;
}

/** WordPress stores non-ASCII slugs percent-encoded. */
function decodeSlug(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function statusOf(item: WxrItem): ImportPostStatus {
  const status = field(item, 'wp:status');
  if (status === 'trash') return 'trash';
  if (field(item, 'wp:post_password') !== '' && (status === 'publish' || status === 'future')) return 'password';
  switch (status) {
    case 'publish':
      return 'published';
    case 'future':
      return 'scheduled';
    case 'private':
      return 'private';
    default:
      // draft, pending, auto-draft, and whatever a plugin invented: not public.
      return 'draft';
  }
}

/** `2024-05-02 10:32:58` (GMT, or the site's time when GMT is the zero date) → a date, or null. */
function dateOf(gmt: string, local: string): Date | null {
  const value = gmt && !gmt.startsWith('0000') ? gmt : local;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m || value.startsWith('0000')) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Yoast's templates (`%%title%% %%sep%% %%sitename%%`): the title stays, the other variables go. */
function yoast(value: string | undefined, title: string): string {
  if (!value) return '';
  return value
    .replace(/%%title%%/g, title)
    .replace(/%%[a-z_]+%%/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s|–—-]+|[\s|–—-]+$/g, '')
    .trim();
}

export async function openWordPressExport(file: string, options: { uploadsDir?: string | null } = {}): Promise<ImportSource> {
  const pass = await firstPass(file);
  // The public address of the blog (`home`); base_site_url is WordPress's own (or the network's) address.
  const siteUrl = (pass.blogUrl ?? pass.siteUrl)?.replace(/\/+$/, '') ?? null;
  const uploadsDir = options.uploadsDir ? path.resolve(options.uploadsDir) : null;
  let closed = false;

  const imageOf = (id: string): ImportImage | null => {
    const found = pass.attachments.get(id);
    return found ? { url: found.url, alt: found.alt, caption: found.caption } : null;
  };

  async function* events(): AsyncGenerator<ImportEvent> {
    const authors = new Set<string>();
    const categories = new Set<string>();
    const tags = new Set<string>();
    const parents = new Map<string, string>();
    /** `/category/child/`, and WordPress's own permalink of a child category, `/category/parent/child/`. */
    const termUrls = (base: 'category' | 'tag', slug: string): string[] => {
      const chain = [slug];
      for (let up = parents.get(slug); up && chain.length < 10 && !chain.includes(up); up = parents.get(up)) chain.unshift(up);
      const paths = [...new Set([`/${base}/${slug}/`, `/${base}/${chain.join('/')}/`])];
      return paths.map((p) => (siteUrl ? `${siteUrl}${p}` : p));
    };
    const term = (kind: 'category' | 'tag', sourceId: string, name: string, description: string, parent: string | null): ImportTerm => ({
      sourceId,
      slug: slugify(decodeSlug(sourceId)),
      name: name || sourceId,
      description,
      parentSourceId: parent || null,
      internal: false,
      oldUrls: termUrls(kind, sourceId),
    });

    for await (const record of scanWxr(file)) {
      if (closed) return;
      if (record.type === 'author') {
        const login = record.fields.get('wp:author_login')?.trim() ?? '';
        if (!login || authors.has(login)) continue;
        authors.add(login);
        const name = record.fields.get('wp:author_display_name')?.trim() || login;
        // Some sites log in with an e-mail address: the public slug then comes from the name.
        const author: ImportAuthor = { sourceId: login, slug: slugify(login.includes('@') ? name : login), name };
        yield { type: 'author', author };
      } else if (record.type === 'category') {
        const nicename = decodeSlug(record.fields.get('wp:category_nicename')?.trim() ?? '');
        if (!nicename || categories.has(nicename)) continue;
        categories.add(nicename);
        const parent = decodeSlug(record.fields.get('wp:category_parent')?.trim() ?? '');
        if (parent) parents.set(nicename, parent);
        const description = record.fields.get('wp:category_description')?.trim() ?? '';
        yield { type: 'category', term: term('category', nicename, record.fields.get('wp:cat_name')?.trim() ?? '', description, parent) };
      } else if (record.type === 'tag') {
        const slug = decodeSlug(record.fields.get('wp:tag_slug')?.trim() ?? '');
        if (!slug || tags.has(slug)) continue;
        tags.add(slug);
        const description = record.fields.get('wp:tag_description')?.trim() ?? '';
        yield { type: 'tag', term: term('tag', slug, record.fields.get('wp:tag_name')?.trim() ?? '', description, null) };
      } else if (record.type === 'item') {
        const { item } = record;
        const type = field(item, 'wp:post_type');
        const id = field(item, 'wp:post_id');
        const title = titleOf(item);
        for (const commentId of item.commentIds) {
          yield {
            type: 'skipped',
            skipped: { kind: 'comment', sourceId: commentId, title, reason: 'Les commentaires ne sont pas importés.' },
          };
        }
        if (type === 'attachment') continue;
        if (type === 'nav_menu_item') {
          yield { type: 'skipped', skipped: { kind: 'menu', sourceId: id, title, reason: 'Les menus ne sont pas importés.' } };
          continue;
        }
        if (type !== 'post' && type !== 'page') {
          const kind = `custom post type ${type.slice(0, 60) || '(sans nom)'}`;
          yield {
            type: 'skipped',
            skipped: { kind, sourceId: id, title, reason: `Le type de contenu « ${type.slice(0, 60)} » n’est pas importé.` },
          };
          continue;
        }
        // A term or an author the header did not declare is announced first: the writer meets names in order.
        const declared: ImportEvent[] = [];
        const authorIds = authorsOf(item);
        for (const [login, name] of authorIds) {
          if (authors.has(login)) continue;
          authors.add(login);
          declared.push({ type: 'author', author: { sourceId: login, slug: slugify(login), name: name || login } });
        }
        const categoryIds: string[] = [];
        const tagIds: string[] = [];
        for (const t of item.terms) {
          const slug = decodeSlug(t.nicename);
          if (!slug) continue;
          if (t.domain === 'category') {
            if (!categories.has(slug)) {
              categories.add(slug);
              declared.push({ type: 'category', term: term('category', slug, t.name, '', null) });
            }
            if (!categoryIds.includes(slug)) categoryIds.push(slug);
          } else if (t.domain === 'post_tag') {
            if (!tags.has(slug)) {
              tags.add(slug);
              declared.push({ type: 'tag', term: term('tag', slug, t.name, '', null) });
            }
            if (!tagIds.includes(slug)) tagIds.push(slug);
          }
        }
        yield* declared;
        yield { type: 'post', post: postOf(item, type, [...authorIds.keys()], categoryIds, tagIds) };
      }
    }
  }

  /** dc:creator, or the Co-Authors Plus byline (`<category domain="author" nicename="cap-login">`) when there is one. */
  function authorsOf(item: WxrItem): Map<string, string> {
    const found = new Map<string, string>();
    for (const t of item.terms) {
      if (t.domain !== 'author' || !t.nicename) continue;
      found.set(decodeSlug(t.nicename).replace(/^cap-/, ''), t.name);
    }
    const creator = field(item, 'dc:creator');
    if (found.size === 0 && creator) found.set(creator, '');
    return found;
  }

  function postOf(
    item: WxrItem,
    kind: 'post' | 'page',
    authorSourceIds: string[],
    categorySourceIds: string[],
    tagSourceIds: string[],
  ): ImportPost {
    const id = field(item, 'wp:post_id');
    const title = titleOf(item);
    const status = statusOf(item);
    const body = gutenbergToHtml(item.fields.get('content:encoded') ?? '', {
      attachment: (attachmentId) => pass.attachments.get(attachmentId) ?? null,
      attachedTo: () => pass.attachedTo.get(id) ?? [],
    });
    const thumbnail = item.meta.get('_thumbnail_id')?.trim();
    const link = field(item, 'link');
    const oldUrls = [link, siteUrl ? `${siteUrl}/?${kind === 'page' ? 'page_id' : 'p'}=${id}` : ''];
    const guid = field(item, 'guid');
    // A guid is an address only when it is not another post's `?p=` (WordPress copies guids along with
    // duplicated posts: the theme test data's "Post Format: Image" carries the guid of post 568).
    const guidId = /[?&](?:p|page_id)=(\d+)/.exec(guid)?.[1];
    // And only on the site's own host: guids keep the host a post was first written on (wptest.io/demo/?p=…).
    if (/^https?:\/\//.test(guid) && (guidId === undefined || guidId === id) && sameHost(guid, siteUrl)) oldUrls.push(guid);
    return {
      sourceId: id,
      kind,
      title,
      slug: slugify(decodeSlug(field(item, 'wp:post_name')) || title),
      status,
      // A draft's date is only when it was last saved (or nothing, 0000-00-00): not a publication date.
      publishedAt: status === 'draft' ? null : dateOf(field(item, 'wp:post_date_gmt'), field(item, 'wp:post_date')),
      updatedAt: dateOf(field(item, 'wp:post_modified_gmt'), field(item, 'wp:post_modified')),
      excerpt: textOf(item.fields.get('excerpt:encoded') ?? '').join('\n'),
      seoTitle: yoast(item.meta.get('_yoast_wpseo_title'), title),
      seoDescription: yoast(item.meta.get('_yoast_wpseo_metadesc'), title),
      authorSourceIds,
      categorySourceIds,
      tagSourceIds,
      bodyHtml: body.html,
      bodyDropped: body.dropped,
      featureImage: thumbnail ? imageOf(thumbnail) : null,
      oldUrls: [...new Set(oldUrls.filter(Boolean))],
    };
  }

  return {
    kind: 'wordpress',
    siteUrl,
    postCount: pass.postCount,
    events,
    readImage: (url) => readUpload(uploadsDir, url, siteUrl),
    close: async () => {
      closed = true;
    },
  };
}

/**
 * An image of the export's `wp-content/uploads` folder (`--uploads`), by its address on the old site. Only
 * files under that folder: an address that climbs out of it (`..`, encoded or not) is never read.
 */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export async function readUpload(uploadsDir: string | null, url: string, siteUrl: string | null): Promise<Uint8Array | null> {
  if (!uploadsDir) return null;
  let pathname: string;
  try {
    pathname = new URL(url, siteUrl ?? 'http://localhost/').pathname;
  } catch {
    return null;
  }
  const at = pathname.indexOf('/wp-content/uploads/');
  // WordPress.com serves the uploads folder from its own host, without the folder's name.
  const hosted = at < 0 && /(^|\.)files\.wordpress\.com$/.test(hostOf(url));
  if (at < 0 && !hosted) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(hosted ? pathname.slice(1) : pathname.slice(at + '/wp-content/uploads/'.length));
  } catch {
    return null;
  }
  if (relative === '' || relative.includes('\0') || relative.split(/[/\\]/).some((part) => part === '..') || path.isAbsolute(relative))
    return null;
  const target = path.resolve(uploadsDir, relative);
  if (!target.startsWith(uploadsDir + path.sep)) return null;
  try {
    return new Uint8Array(await readFile(target));
  } catch {
    return null;
  }
}

/** Whether `url` is on the host of `siteUrl` (www. or not). */
function sameHost(url: string, siteUrl: string | null): boolean {
  if (!siteUrl) return false;
  try {
    const strip = (host: string) => host.replace(/^www\./, '');
    return strip(new URL(url).host) === strip(new URL(siteUrl).host);
  } catch {
    return false;
  }
}
