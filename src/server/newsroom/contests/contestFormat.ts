/**
 * Contests as a format of the editorial workflow (workflow/editorialWorkflow.ts): their own fields only —
 * address, title, description, image, prize, rules, opening and closing — how they are checked, snapshotted
 * and restored (the rest follows from their declaration, src/formats/contestFormat.ts, and their table). One row of `format_contests` is both the working copy and what readers read
 * (content/formatContests.server.ts reads the published rows), so publishing needs no second copy.
 */
import type { ContestDraftInput, Image } from '../../../api/types.ts';
import { formatContestRevisions, formatContests } from '../../../db/schema.ts';
import { contestDeclaration } from '../../../formats/contestFormat.ts';
import { refused } from '../newsroomResult.ts';
import { tableFormat } from '../workflow/editorialTable.ts';
import { type Change, paragraphChanges, showValue } from '../workflow/revisions.ts';
import { CONTEST_LABELS, type CheckedContest, checkContestInput } from './contestContent.ts';
import { contestRows, toAdminContest } from './contestQueries.ts';
import { withItsImage } from '../libraryImage.ts';

/** The image by its address and alt text; the rules article by article. */
function imageAndRuleChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): Change[] {
  const changes: Change[] = [];
  const a = before?.image as Image | undefined;
  const b = after.image as Image | undefined;
  if (showValue(a?.url) !== showValue(b?.url))
    changes.push({ field: CONTEST_LABELS.image, before: showValue(a?.url), after: showValue(b?.url) });
  if (showValue(a?.alt) !== showValue(b?.alt))
    changes.push({ field: "Texte alternatif de l'image", before: showValue(a?.alt), after: showValue(b?.alt) });
  const rulesBefore = (before?.rules as string[] | undefined) ?? [];
  const rulesAfter = (after.rules as string[] | undefined) ?? [];
  const choicesBefore = (before?.questionChoices as string[] | undefined) ?? [];
  const choicesAfter = (after.questionChoices as string[] | undefined) ?? [];
  return [
    ...changes,
    ...paragraphChanges(CONTEST_LABELS.rules, rulesBefore, rulesAfter),
    ...paragraphChanges(CONTEST_LABELS.questionChoices, choicesBefore, choicesAfter),
  ];
}

function editedFields(checked: CheckedContest) {
  return {
    title: checked.title,
    description: checked.description,
    image: checked.image,
    prize: checked.prize,
    rules: checked.rules,
    startsAt: checked.startsAt,
    endsAt: checked.endsAt,
    question: checked.question,
    questionChoices: checked.questionChoices,
  };
}

export const contestFormat = tableFormat({
  declaration: contestDeclaration,
  rows: contestRows,
  revisions: formatContestRevisions,
  async check(db, _who, input: ContestDraftInput, current) {
    return withItsImage(db, checkContestInput(input), input, current);
  },
  slug: {
    column: formatContests.url,
    of: (row) => row.url,
    given: (input) => input.slug,
    title: (_input, checked: CheckedContest) => checked.title,
  },
  created: (_db, _input, checked, url) => ({ url, ...editedFields(checked) }),
  saved: (_db, _row, _input, checked, url) => ({ url, ...editedFields(checked) }),

  async snapshot(_db, row) {
    return {
      title: row.title,
      slug: row.url,
      description: row.description,
      image: row.image,
      prize: row.prize,
      rules: row.rules,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      question: row.question,
      questionChoices: row.questionChoices,
    };
  },
  snapshotFields: {
    names: {
      title: CONTEST_LABELS.title,
      slug: CONTEST_LABELS.slug,
      description: CONTEST_LABELS.description,
      prize: CONTEST_LABELS.prize,
      startsAt: CONTEST_LABELS.startsAt,
      endsAt: CONTEST_LABELS.endsAt,
      question: CONTEST_LABELS.question,
    },
    extra: imageAndRuleChanges,
  },
  async inputFromSnapshot(_db, s) {
    if (
      typeof s.title !== 'string' ||
      typeof s.startsAt !== 'string' ||
      typeof s.endsAt !== 'string' ||
      typeof s.image !== 'object' ||
      s.image === null
    ) {
      return refused.bad('Cette révision est illisible.', 'revisionId');
    }
    return {
      ok: true,
      value: {
        title: s.title,
        slug: typeof s.slug === 'string' ? s.slug : undefined,
        description: String(s.description ?? ''),
        image: s.image as Image,
        prize: String(s.prize ?? ''),
        rules: Array.isArray(s.rules) ? s.rules.map(String) : [],
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        question: typeof s.question === 'string' ? s.question : '',
        questionChoices: Array.isArray(s.questionChoices) ? s.questionChoices.map(String) : [],
      },
    };
  },
  toAdmin: (db, row) => toAdminContest(db, row),
  // Pasted HTML or a script address is recorded with who tried, as the articles' body.
  auditedRefusal: (field) =>
    ['title', 'description', 'prize', 'image', 'question'].includes(field) ||
    field.startsWith('rules.') ||
    field.startsWith('questionChoices.'),
});
