/**
 * A contest's fields as the newsroom sends them, checked and normalised (pure: no database): plain text for
 * the title, description, prize and each rule; the image from the media library with its alt text; an
 * opening and a closing date, the closing strictly after the opening (readers' pages say « Bientôt »,
 * « En cours » or « Terminé » from them).
 */
import type { ContestDraftInput, Image } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { cleanImage, libraryImageProblem, plainFieldProblem } from '../plainFields.ts';

export interface CheckedContest {
  title: string;
  description: string;
  image: Image;
  prize: string;
  rules: string[];
  startsAt: Date;
  endsAt: Date;
  question: string;
  questionChoices: string[];
}

export const CONTEST_LABELS = {
  title: 'Titre',
  slug: 'Adresse',
  description: 'Description',
  image: 'Image',
  prize: 'Lot',
  rules: 'Règlement',
  startsAt: 'Ouverture',
  endsAt: 'Clôture',
  question: 'Question',
  questionChoices: 'Réponses proposées',
} as const;

/** The question and its choices: plain text, no choice without a question, 2 choices at least, none twice. */
function checkQuestion(input: ContestDraftInput): NewsroomResult<{ question: string; questionChoices: string[] }> {
  const question = (input.question ?? '').trim();
  const questionChoices = (input.questionChoices ?? []).map((choice) => choice.trim()).filter((choice) => choice !== '');
  const problem = plainFieldProblem(question, CONTEST_LABELS.question);
  if (problem) return refused.bad(problem, 'question');
  for (const [index, choice] of questionChoices.entries()) {
    const choiceProblem = plainFieldProblem(choice, `Réponse proposée ${index + 1}`);
    if (choiceProblem) return refused.bad(choiceProblem, `questionChoices.${index}`);
  }
  if (question === '' && questionChoices.length > 0)
    return refused.bad('Des réponses sont proposées sans question : écrivez la question.', 'question');
  if (questionChoices.length === 1)
    return refused.bad('Proposez au moins deux réponses, ou aucune pour une réponse libre.', 'questionChoices');
  if (new Set(questionChoices.map((choice) => choice.toLocaleLowerCase('fr'))).size !== questionChoices.length)
    return refused.bad('Deux réponses proposées sont identiques.', 'questionChoices');
  return { ok: true, value: { question, questionChoices } };
}

function dateOf(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function checkContestInput(input: ContestDraftInput): NewsroomResult<CheckedContest> {
  const title = input.title.trim();
  const description = input.description.trim();
  const prize = input.prize.trim();
  if (title === '') return refused.bad('Le titre du concours est obligatoire.', 'title');
  if (prize === '') return refused.bad('Le lot du concours est obligatoire.', 'prize');
  for (const [field, value, lineBreaks] of [
    ['title', title, false],
    ['description', description, true],
    ['prize', prize, false],
  ] as const) {
    const problem = plainFieldProblem(value, CONTEST_LABELS[field], lineBreaks);
    if (problem) return refused.bad(problem, field);
  }
  const rules: string[] = [];
  for (const [index, raw] of input.rules.entries()) {
    const rule = raw.trim();
    if (rule === '') continue;
    const problem = plainFieldProblem(rule, `Article ${index + 1} du règlement`);
    if (problem) return refused.bad(problem, `rules.${index}`);
    rules.push(rule);
  }
  const imageProblem = libraryImageProblem(input.image, "L'image");
  if (imageProblem) return refused.bad(imageProblem, 'image');
  const startsAt = dateOf(input.startsAt);
  if (!startsAt) return refused.bad("La date d'ouverture est illisible.", 'startsAt');
  const endsAt = dateOf(input.endsAt);
  if (!endsAt) return refused.bad('La date de clôture est illisible.', 'endsAt');
  if (endsAt <= startsAt) return refused.bad('La clôture du concours doit être après son ouverture.', 'endsAt');
  const asked = checkQuestion(input);
  if (!asked.ok) return asked;
  return { ok: true, value: { title, description, image: cleanImage(input.image), prize, rules, startsAt, endsAt, ...asked.value } };
}
