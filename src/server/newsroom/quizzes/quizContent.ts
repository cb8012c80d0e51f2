/**
 * A quiz's own fields as the newsroom receives them, checked and normalised before anything is written:
 * plain text only (a tag, an entity or a control character is refused: no HTML reaches a reader's page),
 * images and sounds from the media library (or already on this quiz: the demo seed's illustrations and
 * audio; a library sound keeps the type and length the library read from its bytes), each answer's
 * result, and a quiz that can be played to every result (src/lib/quiz/quizPlayability.ts). Every refusal
 * is in French and names the question, the answer or the result.
 */
import type { AdminQuizQuestion, AdminQuizResult, Audio, Image } from '../../../api/types.ts';
import type { Database } from '../../../db/client.ts';
import { quizProblems } from '../../../lib/quiz/quizPlayability.ts';
import { libraryImageMessage, libraryVariants } from '../libraryImage.ts';
import { librarySounds } from '../media/mediaQueries.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';

export interface QuizImageInput {
  url: string;
  alt: string;
  width: number;
  height: number;
  focalX?: number;
  focalY?: number;
}

export interface QuizInput {
  title: string;
  slug?: string;
  intro: string;
  image: QuizImageInput;
  questions: {
    text: string;
    answerKind: 'text' | 'picture';
    audio?: Audio | null;
    answers: { text: string; image?: QuizImageInput | null; resultSlug: string | null }[];
  }[];
  results: { slug: string; title: string; description: string; image: QuizImageInput }[];
}

/** What a check hands the format: the fields as they will be stored. */
export interface CheckedQuiz {
  title: string;
  intro: string;
  image: Image;
  questions: AdminQuizQuestion[];
  results: AdminQuizResult[];
}

/** What the working copy already shows: kept images and sounds may stay without coming from the library. */
export interface KeptMedia {
  images: Set<string>;
  audio: Map<string, Audio>;
}

/** A tag, a comment, a doctype or an entity: what makes text HTML. "<3" or "a < b" stays text. */
const HTML = /<\s*[a-zA-Z!/?]|&#?[a-zA-Z0-9]+;/;
// Control characters other than a line break or a tab.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this refuses.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202e\u2066-\u2069]/;

type Bad = { message: string; field: string };

function plain(value: string, label: string, field: string): Bad | null {
  if (HTML.test(value)) return { field, message: `${label} ne peut pas contenir de HTML : écrivez du texte simple.` };
  if (CONTROL.test(value)) return { field, message: `${label} contient un caractère de contrôle : retapez-le.` };
  return null;
}

/** A quiz's shape as its working copy holds it, or as a revision's snapshot (JSON) kept it. */
type QuizMediaSource = { image: Image; questions: AdminQuizQuestion[]; results: AdminQuizResult[] };

/** A revision's snapshot read as a quiz's media, or null when it does not hold that shape (an older snapshot). */
export function quizMediaOfSnapshot(snapshot: Record<string, unknown>): QuizMediaSource | null {
  const { image, questions, results } = snapshot;
  const hasUrl = (v: unknown): v is Image => typeof v === 'object' && v !== null && typeof (v as { url?: unknown }).url === 'string';
  if (!hasUrl(image) || !Array.isArray(questions) || !Array.isArray(results)) return null;
  if (!results.every((r) => hasUrl((r as { image?: unknown })?.image))) return null;
  if (!questions.every((q) => Array.isArray((q as { answers?: unknown })?.answers))) return null;
  return { image, questions: questions as AdminQuizQuestion[], results: results as AdminQuizResult[] };
}

export function keptMediaOf(current: QuizMediaSource | null): KeptMedia {
  const images = new Set<string>();
  const audio = new Map<string, Audio>();
  if (current) {
    images.add(current.image.url);
    for (const result of current.results) images.add(result.image.url);
    for (const question of current.questions) {
      if (question.audio) audio.set(question.audio.url, question.audio);
      for (const answer of question.answers) if (answer.image) images.add(answer.image.url);
    }
  }
  return { images, audio };
}

/** Checks and normalises a quiz; `kept` is what the working copy already shows (nothing for a new quiz). */
export async function checkQuizContent(db: Database, input: QuizInput, kept: KeptMedia): Promise<NewsroomResult<CheckedQuiz>> {
  const bad = (b: Bad) => refused.bad(b.message, b.field);
  const title = input.title.trim();
  if (title === '') return refused.bad('Le titre est obligatoire.', 'title');
  const texts: [string, string, string][] = [
    [input.title, 'Le titre', 'title'],
    [input.intro, "L'introduction", 'intro'],
    [input.image.alt, "Le texte alternatif de l'image", 'image.alt'],
  ];
  input.results.forEach((r, i) => {
    const name = `Résultat ${i + 1}`;
    texts.push([r.title, `${name} : le titre`, `results.${i}.title`]);
    texts.push([r.description, `${name} : la description`, `results.${i}.description`]);
    texts.push([r.image.alt, `${name} : le texte alternatif de l'image`, `results.${i}.image.alt`]);
  });
  input.questions.forEach((q, i) => {
    const name = `Question ${i + 1}`;
    texts.push([q.text, `${name} : le texte`, `questions.${i}.text`]);
    q.answers.forEach((a, j) => {
      texts.push([a.text, `${name}, réponse ${j + 1} : le texte`, `questions.${i}.answers.${j}.text`]);
      if (a.image) texts.push([a.image.alt, `${name}, réponse ${j + 1} : le texte alternatif`, `questions.${i}.answers.${j}.image.alt`]);
    });
  });
  for (const [value, label, field] of texts) {
    const problem = plain(value, label, field);
    if (problem) return bad(problem);
  }

  // What a reader needs to play: a text per question and per answer, a picture per picture answer.
  for (const [i, q] of input.questions.entries()) {
    const name = `Question ${i + 1}`;
    if (q.text.trim() === '') return refused.bad(`${name} : le texte de la question est vide.`, `questions.${i}.text`);
    for (const [j, a] of q.answers.entries()) {
      const field = `questions.${i}.answers.${j}`;
      if (a.text.trim() === '') return refused.bad(`${name}, réponse ${j + 1} : le texte est vide.`, `${field}.text`);
      if (q.answerKind === 'picture' && !a.image) {
        return refused.bad(`${name}, réponse ${j + 1} : une réponse en images a besoin d'une image.`, `${field}.image`);
      }
    }
  }
  // Sounds: from the library (its type and length win), or already on this quiz with the same type.
  const sounds = await librarySounds(
    db,
    input.questions.flatMap((q) => (q.audio ? [q.audio.url] : [])),
  );
  const soundOf = (audio: Audio): Audio | null => {
    const library = sounds.get(audio.url);
    if (library) return library;
    const onThisQuiz = kept.audio.get(audio.url);
    return onThisQuiz?.mimeType === audio.mimeType ? onThisQuiz : null;
  };
  for (const [i, q] of input.questions.entries()) {
    if (q.audio && !soundOf(q.audio)) {
      return refused.bad(
        `Question ${i + 1} : le son doit venir de la médiathèque (ou être déjà attaché à ce quiz).`,
        `questions.${i}.audio`,
      );
    }
  }
  for (const [i, r] of input.results.entries()) {
    if (r.title.trim() === '') return refused.bad(`Résultat ${i + 1} : le titre est obligatoire.`, `results.${i}.title`);
  }

  const problems = quizProblems(input);
  if (problems[0]) return bad(problems[0]);

  // Images: from the library (its own size wins), or already on this quiz.
  const images: [QuizImageInput, string, string][] = [[input.image, "L'image du quiz", 'image']];
  for (const [i, r] of input.results.entries()) images.push([r.image, `Résultat ${i + 1} : l'image`, `results.${i}.image`]);
  for (const [i, q] of input.questions.entries()) {
    for (const [j, a] of q.answers.entries()) {
      if (q.answerKind === 'picture' && a.image) {
        images.push([a.image, `Question ${i + 1}, réponse ${j + 1} : l'image`, `questions.${i}.answers.${j}.image`]);
      }
    }
  }
  const library = await libraryVariants(
    db,
    images.map(([image]) => image.url),
  );
  const resolved = new Map<QuizImageInput, Image>();
  for (const [image, label, field] of images) {
    if (image.alt.trim() === '') return refused.bad(`${label} a besoin d'un texte alternatif.`, `${field}.alt`);
    if ((image.focalX === undefined) !== (image.focalY === undefined)) {
      return refused.bad(`${label} : le point focal a besoin de ses deux coordonnées.`, `${field}.focalX`);
    }
    const size = library.get(image.url) ?? (kept.images.has(image.url) ? { width: image.width, height: image.height } : null);
    if (!size) return refused.bad(libraryImageMessage(label), `${field}.url`);
    resolved.set(image, {
      url: image.url,
      alt: image.alt.trim(),
      ...size,
      ...(image.focalX !== undefined && image.focalY !== undefined ? { focalX: image.focalX, focalY: image.focalY } : {}),
    });
  }
  const imageOf = (image: QuizImageInput) => resolved.get(image) as Image;

  return {
    ok: true,
    value: {
      title,
      intro: input.intro.trim(),
      image: imageOf(input.image),
      questions: input.questions.map((q) => ({
        text: q.text.trim(),
        answerKind: q.answerKind,
        audio: q.audio ? soundOf(q.audio) : null,
        answers: q.answers.map((a) => ({
          text: a.text.trim(),
          // A text answer shows no picture: one sent along is dropped, not stored.
          image: q.answerKind === 'picture' && a.image ? imageOf(a.image) : null,
          resultSlug: a.resultSlug as string,
        })),
      })),
      results: input.results.map((r) => ({
        slug: r.slug,
        title: r.title.trim(),
        description: r.description.trim(),
        image: imageOf(r.image),
      })),
    },
  };
}
