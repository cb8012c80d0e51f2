/**
 * Quizzes as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * title, address, intro, image, questions with their answers, results — how they are checked, written,
 * snapshotted and restored. The workflow does the rest (versions, statuses, revisions, audit).
 */
import { and, eq } from 'drizzle-orm';
import type { AdminQuizQuestion, AdminQuizResult, Image } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { newsroomQuizzes, quizRevisions } from '../../../db/schema.ts';
import { dropRedirectsFrom, saveImportedRedirect } from '../../redirects/redirectStore.server.ts';
import { refused } from '../newsroomResult.ts';
import { slugify, uniqueSlug } from '../slugs.ts';
import { revisionStoreOf } from '../workflow/editorialTable.ts';
import type { EditorialFormat } from '../workflow/editorialWorkflow.ts';
import { type Change, showValue } from '../workflow/revisions.ts';
import { type CheckedQuiz, checkQuizContent, type KeptMedia, keptMediaOf, type QuizInput, quizMediaOfSnapshot } from './quizContent.ts';
import { findQuizRow, type QuizRow, toAdminQuiz } from './quizQueries.ts';
import { publishQuizCopy, withdrawQuizCopy } from './quizReaderCopy.ts';

const slugTaken = (db: Database, exceptId: number | null) => async (slug: string) => {
  const rows = await db.select({ id: newsroomQuizzes.id }).from(newsroomQuizzes).where(eq(newsroomQuizzes.slug, slug));
  return rows.some((r) => r.id !== exceptId);
};

const takenMessage = (slug: string) => `L'adresse « ${slug} » est déjà prise par un autre quiz.`;

const quizRevisionStore = revisionStoreOf(quizRevisions);

/**
 * Images and sounds this quiz has already shown (its working copy, its revisions): they may stay, or come
 * back with a restore, without being in the library (the demo seed's illustrations and audio).
 */
async function keptMedia(db: Database, current: QuizRow | null): Promise<KeptMedia> {
  const kept = keptMediaOf(current);
  if (!current) return kept;
  const revisions = await db.select({ snapshot: quizRevisions.snapshot }).from(quizRevisions).where(eq(quizRevisions.itemId, current.id));
  for (const { snapshot } of revisions) {
    const old = keptMediaOf(quizMediaOfSnapshot(snapshot));
    for (const url of old.images) kept.images.add(url);
    for (const [url, audio] of old.audio) kept.audio.set(url, audio);
  }
  return kept;
}

/** One readable line per question: its text, then each answer and the result it counts for. */
function questionLine(q: AdminQuizQuestion): string {
  const kind = q.answerKind === 'picture' ? 'images' : 'texte';
  return `${q.text} [${kind}] — ${q.answers.map((a) => `${a.text} → ${a.resultSlug}`).join(' ; ')}`;
}

const resultLine = (r: AdminQuizResult) => `${r.slug} : ${r.title} — ${r.description}`;

function listChanges<T>(label: string, before: T[], after: T[], line: (item: T) => string): Change[] {
  const changes: Change[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const a = before[i] === undefined ? '' : line(before[i] as T);
    const b = after[i] === undefined ? '' : line(after[i] as T);
    if (a !== b) changes.push({ field: `${label} ${i + 1}`, before: a, after: b });
  }
  return changes;
}

function contentChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const altBefore = showValue((before?.image as Image | undefined)?.alt);
  const altAfter = showValue((after.image as Image | undefined)?.alt);
  if (altBefore !== altAfter) changes.push({ field: "Texte alternatif de l'image", before: altBefore, after: altAfter });
  return [
    ...changes,
    ...listChanges(
      'Question',
      (before?.questions as AdminQuizQuestion[]) ?? [],
      (after.questions as AdminQuizQuestion[]) ?? [],
      questionLine,
    ),
    ...listChanges('Résultat', (before?.results as AdminQuizResult[]) ?? [], (after.results as AdminQuizResult[]) ?? [], resultLine),
  ];
}

export const quizFormat: EditorialFormat<QuizRow, QuizInput, CheckedQuiz, Awaited<ReturnType<typeof toAdminQuiz>>> = {
  entity: 'quiz',
  thisItem: 'ce quiz',
  find: findQuizRow,
  async check(db, _who, input, current) {
    return checkQuizContent(db, input, await keptMedia(db, current));
  },

  async insert(db, who, input, checked, now) {
    let slug: string;
    if (input.slug) {
      if (await slugTaken(db, null)(input.slug)) return refused.taken(takenMessage(input.slug));
      slug = input.slug;
    } else {
      slug = await uniqueSlug(slugify(checked.title), slugTaken(db, null));
    }
    const [row] = await db
      .insert(newsroomQuizzes)
      .values({
        slug,
        status: 'draft',
        version: 1,
        ...checked,
        createdBy: who.id,
        updatedBy: who.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { ok: true, value: row };
  },

  async update(db, who, row, input, checked, now) {
    const slug = input.slug ?? row.slug;
    if (slug !== row.slug && (await slugTaken(db, row.id)(slug))) return refused.taken(takenMessage(slug));
    const [updated] = await db
      .update(newsroomQuizzes)
      .set({ slug, version: row.version + 1, ...checked, updatedBy: who.id, updatedAt: now })
      // The version in the WHERE clause: two saves racing on the same version, one wins.
      .where(and(eq(newsroomQuizzes.id, row.id), eq(newsroomQuizzes.version, row.version)))
      .returning();
    return updated ? { ok: true, value: updated } : null;
  },

  async setStatus(db, who, row, change, now) {
    const [updated] = await db
      .update(newsroomQuizzes)
      .set({
        status: change.status,
        version: row.version + 1,
        scheduledAt: change.scheduledAt,
        publishedAt: change.publishedAt,
        // The scheduler (no member) leaves the last editor's name in place.
        ...(who ? { updatedBy: who.id } : {}),
        updatedAt: now,
      })
      .where(and(eq(newsroomQuizzes.id, row.id), eq(newsroomQuizzes.version, row.version), eq(newsroomQuizzes.status, row.status)))
      .returning();
    return updated ?? null;
  },

  publish: publishQuizCopy,
  withdraw: withdrawQuizCopy,
  /** A published quiz's old address keeps answering: one 301 to the new one (shared links, search engines). */
  async afterPublishedSave(db, before, after) {
    if (after.slug === before.slug) return;
    // Moving back to an old address: that address's redirect goes first, else the new one would loop.
    await dropRedirectsFrom(db, `/quizz/${after.slug}`);
    const saved = await saveImportedRedirect(db, { from: `/quizz/${before.slug}`, toPath: `/quizz/${after.slug}` }, 'newsroom');
    if (!saved.ok) console.warn(`[newsroom] quiz ${after.id}: old address /quizz/${before.slug} not redirected`);
  },

  async snapshot(_db, row) {
    return { title: row.title, slug: row.slug, intro: row.intro, image: row.image, questions: row.questions, results: row.results };
  },
  snapshotFields: {
    names: { title: 'Titre', slug: 'Adresse', intro: 'Introduction' },
    extra: contentChanges,
  },
  async inputFromSnapshot(_db, s) {
    return {
      ok: true,
      value: {
        title: String(s.title),
        slug: String(s.slug),
        intro: String(s.intro ?? ''),
        image: s.image as Image,
        questions: (s.questions as AdminQuizQuestion[]) ?? [],
        results: (s.results as AdminQuizResult[]) ?? [],
      },
    };
  },
  revisions: quizRevisionStore,
  createDetail: (row) => ({ slug: row.slug }),
  saveDetail: (before, after) =>
    after.slug !== before.slug ? { action: 'quiz.update.slug', detail: { fromSlug: before.slug, toSlug: after.slug } } : {},
  toAdmin: toAdminQuiz,
};
