/**
 * « Direct » entries (issue 33) on PGlite and PostgreSQL (TEST_DATABASE_URL): posting, correcting, deleting,
 * pinning by role, hostile input refused in French with nothing written, and what readers get — whole or
 * since a cursor — with the cursor moving only when something changed.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, auditLog, liveBlogEntries, liveBlogs, media, type StaffRole } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createStaff, type StaffMember } from '../newsroom/staff.server.ts';
import { seedDemoContent } from '../seed/seedDemoContent.server.ts';
import { adminEntries, changeEntry, type EntryInput, postEntry, readerLiveBlog } from './liveBlogFormat.ts';

const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 20, minute));

describe.each(testDatabaseKinds)('live blog entries on %s', (kind) => {
  let database: TestDatabase;
  const who = new Map<StaffRole, StaffMember>();
  const hash = 'a'.repeat(64);
  const image = { url: `/media/library/${hash}-tapis-1600.webp`, alt: 'Le tapis rouge', width: 1600, height: 900 };
  let articleSlug = '';
  let blogCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoContent(database.db);
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      who.set(
        role,
        await createStaff(database.db, {
          email: `${role}@piquante.test`,
          name: `Compte ${role}`,
          role,
          password: 'un mot de passe assez long',
        }),
      );
    }
    await database.db.insert(media).values({
      hash,
      alt: 'Le tapis rouge',
      width: 1600,
      height: 900,
      sourceFormat: 'jpeg',
      variants: [
        { format: 'webp', width: 800, height: 450, url: `/media/library/${hash}-tapis-800.webp`, bytes: 10 },
        { format: 'webp', width: 1600, height: 900, url: image.url, bytes: 20 },
      ],
    });
    const [article] = await database.db.select().from(articles).limit(1);
    articleSlug = article?.url ?? '';
  });
  afterAll(async () => database?.dispose());

  const member = (role: StaffRole) => who.get(role) as StaffMember;
  const db = () => database.db;

  async function liveBlog(state: 'draft' | 'live' | 'ended' = 'live', owner: StaffRole = 'editor') {
    blogCount++;
    const [blog] = await db()
      .insert(liveBlogs)
      .values({
        url: `cesars-${blogCount}`,
        title: 'Les Césars en direct',
        intro: 'La cérémonie minute par minute.',
        mainImage: { url: '/media/svg/article/tapis-rouge.svg', alt: 'Le tapis rouge', width: 1600, height: 900 },
        categoryId: 1,
        status: state === 'draft' ? 'draft' : 'published',
        publishedAt: state === 'draft' ? null : at(0),
        coverageEndAt: state === 'ended' ? at(0) : null,
        createdBy: member(owner).id,
      })
      .returning();
    if (!blog) throw new Error('no blog');
    return blog;
  }

  async function post(blogId: number, input: EntryInput, role: StaffRole = 'editor', minute = 1) {
    const result = await postEntry(db(), member(role), blogId, input, at(minute));
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.value;
  }

  const entryCount = async () => (await db().select({ n: count() }).from(liveBlogEntries))[0]?.n ?? 0;

  it('an editor posts entries with an image, a quotation and an article card; readers get them newest first', async () => {
    const blog = await liveBlog();
    const first = await post(blog.id, { doc: paragraph('Le tapis rouge se remplit.'), image }, 'editor', 1);
    expect(first.publicChange).toBe(true);
    expect(first.entry.image).toEqual(image);
    const second = await post(
      blog.id,
      { doc: paragraph('Premier prix.'), quotation: { text: ' Merci à tous ! ', source: 'La lauréate' }, articleSlug },
      'editor',
      2,
    );
    expect(second.entry.quotation).toEqual({ text: 'Merci à tous !', source: 'La lauréate' });
    expect(second.entry.article?.path).toMatch(new RegExp(`^/[a-z-]+/${articleSlug}$`));

    const read = await readerLiveBlog(db(), blog.url);
    expect(read?.entries.map((e) => e.id)).toEqual([second.entry.id, first.entry.id]);
    expect(read?.entries[1]?.publishedAt).toEqual(at(1).toISOString());
    expect(read?.entries[0]?.body[0]?.text).toBe('Premier prix.');
    expect(read?.version).toBe(2);
  });

  it('polling since the cursor answers only what changed, nothing when nothing did', async () => {
    const blog = await liveBlog();
    const first = await post(blog.id, { doc: paragraph('Un') });
    const cursor = (await readerLiveBlog(db(), blog.url))?.version ?? -1;
    expect(await readerLiveBlog(db(), blog.url, cursor)).toMatchObject({ entries: [], removed: [], version: cursor });
    const second = await post(blog.id, { doc: paragraph('Deux') }, 'editor', 5);
    const since = await readerLiveBlog(db(), blog.url, cursor);
    expect(since?.entries.map((e) => e.id)).toEqual([second.entry.id]);
    expect(since?.version).toBe(cursor + 1);

    const deleted = await changeEntry(db(), member('editor'), blog.id, first.entry.id, { kind: 'delete' }, at(6));
    expect(deleted.ok && deleted.value.publicChange).toBe(true);
    const after = await readerLiveBlog(db(), blog.url, cursor + 1);
    expect(after).toMatchObject({ entries: [], removed: [first.entry.id] });
    expect((await readerLiveBlog(db(), blog.url))?.entries.map((e) => e.id)).toEqual([second.entry.id]);
  });

  it('a correction keeps the entry, marks it corrected with the time; a draft rewritten is not a correction', async () => {
    const blog = await liveBlog();
    const { entry } = await post(blog.id, { doc: paragraph('Le prix va à Jeanne.') });
    const corrected = await changeEntry(
      db(),
      member('editor'),
      blog.id,
      entry.id,
      { kind: 'correct', input: { doc: paragraph('Le prix va à Jeanne D.') } },
      at(9),
    );
    expect(corrected.ok && corrected.value.entry).toMatchObject({
      id: entry.id,
      correctedAt: at(9).toISOString(),
      publishedAt: at(1).toISOString(),
    });
    expect((await readerLiveBlog(db(), blog.url))?.entries[0]?.body[0]?.text).toBe('Le prix va à Jeanne D.');

    const draft = await post(blog.id, { doc: paragraph('Brouillon') }, 'contributor');
    expect(draft.entry.status).toBe('draft');
    const rewritten = await changeEntry(
      db(),
      member('contributor'),
      blog.id,
      draft.entry.id,
      { kind: 'correct', input: { doc: paragraph('Brouillon revu') } },
      at(10),
    );
    expect(rewritten.ok && rewritten.value.entry.correctedAt).toBeNull();
  });

  it('one pinned entry at most: pinning another unpins the first; a draft cannot be pinned', async () => {
    const blog = await liveBlog();
    const a = await post(blog.id, { doc: paragraph('A') });
    const b = await post(blog.id, { doc: paragraph('B') });
    const editor = member('editor');
    expect((await changeEntry(db(), editor, blog.id, a.entry.id, { kind: 'pin', pinned: true }, at(3))).ok).toBe(true);
    expect((await changeEntry(db(), editor, blog.id, b.entry.id, { kind: 'pin', pinned: true }, at(4))).ok).toBe(true);
    const pinned = (await readerLiveBlog(db(), blog.url))?.entries.filter((e) => e.pinned).map((e) => e.id);
    expect(pinned).toEqual([b.entry.id]);
    const draft = await post(blog.id, { doc: paragraph('C') }, 'contributor');
    const refusal = await changeEntry(db(), editor, blog.id, draft.entry.id, { kind: 'pin', pinned: true }, at(5));
    expect(refusal).toMatchObject({ ok: false, kind: 'bad', message: 'Seule une entrée publiée peut être épinglée.' });
  });

  it('roles: a contributor’s entry waits as a draft and stays out of readers’ sight until an editor publishes it', async () => {
    const blog = await liveBlog();
    const { entry, publicChange } = await post(blog.id, { doc: paragraph('Vu du premier rang') }, 'contributor');
    expect({ status: entry.status, publicChange }).toEqual({ status: 'draft', publicChange: false });
    expect((await readerLiveBlog(db(), blog.url))?.entries).toEqual([]);
    expect(await changeEntry(db(), member('contributor'), blog.id, entry.id, { kind: 'publish' }, at(2))).toEqual({
      ok: false,
      kind: 'forbidden',
    });
    expect(await changeEntry(db(), member('author'), blog.id, entry.id, { kind: 'publish' }, at(2))).toEqual({
      ok: false,
      kind: 'forbidden',
    });
    expect(await changeEntry(db(), member('author'), blog.id, entry.id, { kind: 'delete' }, at(2))).toEqual({
      ok: false,
      kind: 'forbidden',
    });
    const published = await changeEntry(db(), member('editor'), blog.id, entry.id, { kind: 'publish' }, at(3));
    expect(published.ok && published.value).toMatchObject({
      publicChange: true,
      entry: { status: 'published', publishedAt: at(3).toISOString() },
    });
    // Published, the contributor may no longer touch it; an author publishes their own at once.
    expect(
      await changeEntry(db(), member('contributor'), blog.id, entry.id, { kind: 'correct', input: { doc: paragraph('x') } }, at(4)),
    ).toEqual({
      ok: false,
      kind: 'forbidden',
    });
    expect((await post(blog.id, { doc: paragraph('Auteur') }, 'author')).entry.status).toBe('published');
    expect(await changeEntry(db(), member('author'), blog.id, entry.id, { kind: 'pin', pinned: true }, at(5))).toEqual({
      ok: false,
      kind: 'forbidden',
    });
    expect((await adminEntries(db(), blog.id, member('editor'))).length).toBe(2);
  });

  it('the newsroom view: a colleague’s draft entry is theirs and the editors’, not another contributor’s', async () => {
    const blog = await liveBlog('live');
    const draft = await post(blog.id, { doc: paragraph('Mon brouillon'), publish: false }, 'author');
    const published = await post(blog.id, { doc: paragraph('Publiée') });
    const ids = async (role: StaffRole) => (await adminEntries(db(), blog.id, member(role))).map((e) => e.id);
    expect(await ids('contributor')).toEqual([published.entry.id]);
    expect((await ids('author')).sort()).toEqual([draft.entry.id, published.entry.id].sort());
    expect((await ids('editor')).sort()).toEqual([draft.entry.id, published.entry.id].sort());
  });

  it('a draft live blog takes prepared entries without touching readers; an ended one refuses new entries', async () => {
    const draftBlog = await liveBlog('draft');
    expect((await post(draftBlog.id, { doc: paragraph('Prêt') })).publicChange).toBe(false);
    expect(await readerLiveBlog(db(), draftBlog.url)).toBeNull();
    const ended = await liveBlog('ended');
    const refusal = await postEntry(db(), member('editor'), ended.id, { doc: paragraph('Trop tard') }, at(1));
    expect(refusal).toMatchObject({ ok: false, kind: 'bad', message: expect.stringContaining('terminé') });
    expect(await postEntry(db(), member('editor'), 999_999, { doc: paragraph('x') }, at(1))).toEqual({ ok: false, kind: 'notFound' });
  });

  it('hostile input is refused in French, with nothing written and the cursor unchanged', async () => {
    const blog = await liveBlog();
    await post(blog.id, { doc: paragraph('Avant') });
    const before = { entries: await entryCount(), version: (await readerLiveBlog(db(), blog.url))?.version };
    const hostile: [EntryInput, string | RegExp][] = [
      [{ doc: { type: 'doc', content: [{ type: 'script', content: [] }] } }, /non autorisé/],
      [{ doc: '<p>Bonjour</p>' }, /document/],
      [
        {
          doc: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
              },
            ],
          },
        },
        /lien/,
      ],
      [{ doc: paragraph('Bip\u0007bip') }, /caractères de contrôle/],
      [{ doc: paragraph('a'.repeat(5001)) }, /trop long/],
      [{ doc: { type: 'doc', content: [] } }, /vide/],
      [{ doc: paragraph('x'), image: { ...image, url: '/media/library/nonexistent.webp' } }, /médiathèque/],
      [{ doc: paragraph('x'), image: { ...image, url: '/api/admin/audit' } }, /médiathèque/],
      [{ doc: paragraph('x'), image: { ...image, alt: ' ' } }, /alternatif/],
      [{ doc: paragraph('x'), articleSlug: 'article-qui-n-existe-pas' }, /Aucun article publié/],
      [{ doc: paragraph('x'), quotation: { text: '<script>alert(1)</script>', source: 'Moi' } }, /HTML/],
      [{ doc: paragraph('x'), quotation: { text: 'a'.repeat(601), source: 'Moi' } }, /trop longue/],
      [{ doc: paragraph('x'), quotation: { text: 'Bonjour', source: 'javascript:alert(1)' } }, /javascript/],
    ];
    for (const [input, message] of hostile) {
      const result = await postEntry(db(), member('editor'), blog.id, input, at(2));
      expect(result.ok, JSON.stringify(input).slice(0, 80)).toBe(false);
      if (!result.ok && result.kind === 'bad') expect(result.message).toMatch(message);
      else throw new Error(`expected a 400-style refusal for ${JSON.stringify(input).slice(0, 80)}`);
    }
    expect({ entries: await entryCount(), version: (await readerLiveBlog(db(), blog.url))?.version }).toEqual(before);
  });

  it('every write is audited with who did it', async () => {
    const blog = await liveBlog();
    const { entry } = await post(blog.id, { doc: paragraph('Audit') });
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect(rows.filter((r) => r.entity === 'liveBlogEntry').map((r) => [r.action, r.staffId])).toEqual([
      ['liveBlogEntry.post', member('editor').id],
    ]);
  });
});
