/**
 * Whether a quiz can be played to each of its results (issue 19): the rule the newsroom's server applies
 * before saving a quiz, and that its editor shows while one is written. Scoring is the readers' rule
 * (src/features/quiz/quizResult.ts): each picked answer gives one point to the result it names, the most
 * points win, a tie goes to the result listed first. Every problem names the question or the result, in
 * French, with the field it concerns (`questions.2.answers.1.resultSlug`).
 */
import { appConfig } from '../../../app.config.ts';

export interface PlayableShape {
  questions: readonly { answers: readonly { resultSlug: string | null }[] }[];
  results: readonly { slug: string }[];
}

export interface QuizProblem {
  field: string;
  message: string;
}

const sizes: readonly number[] = appConfig.quiz.answerListSizes;

/** "4 ou 6" (or "4, 5 ou 6" should the configuration grow). */
function sizeList(): string {
  const all = sizes.map(String);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} ou ${all[all.length - 1]}` : (all[0] ?? '');
}

/**
 * Can `results[target]` win? It takes every point it can (picking it never helps another result), then the
 * questions that cannot give it a point must spread theirs so that no earlier result reaches its score
 * and no later one passes it: a bipartite assignment with capacities, solved by augmenting paths.
 */
function canWin(quiz: PlayableShape, target: number): boolean {
  const slug = quiz.results[target]?.slug;
  const index = new Map(quiz.results.map((r, i) => [r.slug, i]));
  const others: number[][] = [];
  let points = 0;
  for (const question of quiz.questions) {
    const named = question.answers.map((a) => (a.resultSlug === null ? undefined : index.get(a.resultSlug)));
    if (question.answers.some((a) => a.resultSlug === slug)) points++;
    else others.push([...new Set(named.filter((i): i is number => i !== undefined))]);
  }
  if (points === 0) return false;
  const capacity = quiz.results.map((_, i) => (i < target ? points - 1 : points));
  const holders: number[][] = quiz.results.map(() => []);
  const place = (question: number, seen: Set<number>): boolean => {
    for (const result of others[question] ?? []) {
      if (seen.has(result)) continue;
      seen.add(result);
      const held = holders[result] as number[];
      if (held.length < (capacity[result] ?? 0)) {
        held.push(question);
        return true;
      }
      for (let k = 0; k < held.length; k++) {
        if (place(held[k] as number, seen)) {
          held[k] = question;
          return true;
        }
      }
    }
    return false;
  };
  return others.every((_, question) => place(question, new Set()));
}

/** Every reason the quiz cannot be played, in reading order (empty when it can). */
export function quizProblems(quiz: PlayableShape): QuizProblem[] {
  const problems: QuizProblem[] = [];
  if (quiz.questions.length === 0) problems.push({ field: 'questions', message: "Le quiz n'a aucune question." });
  if (quiz.results.length === 0) problems.push({ field: 'results', message: "Le quiz n'a aucun résultat." });
  const known = new Set<string>();
  quiz.results.forEach((result, i) => {
    // An empty address is not "another result's": it is missing (issue 39, point 9).
    if (result.slug.trim() === '') {
      problems.push({ field: `results.${i}.slug`, message: `Résultat ${i + 1} : l'adresse est vide ; donnez-lui une adresse.` });
      return;
    }
    if (known.has(result.slug)) {
      problems.push({
        field: `results.${i}.slug`,
        message: `Résultat ${i + 1} : l'adresse « ${result.slug} » est déjà celle d'un autre résultat.`,
      });
    }
    known.add(result.slug);
  });
  quiz.questions.forEach((question, q) => {
    const name = `Question ${q + 1}`;
    const count = question.answers.length;
    if (count === 0) {
      problems.push({ field: `questions.${q}.answers`, message: `${name} : aucune réponse.` });
      return;
    }
    if (!sizes.includes(count)) {
      problems.push({
        field: `questions.${q}.answers`,
        message: `${name} : ${count} réponse${count > 1 ? 's' : ''} ; une liste de réponses en compte ${sizeList()}.`,
      });
    }
    question.answers.forEach((answer, a) => {
      const field = `questions.${q}.answers.${a}.resultSlug`;
      if (answer.resultSlug === null || answer.resultSlug === '') {
        problems.push({ field, message: `${name}, réponse ${a + 1} : elle ne compte pour aucun résultat.` });
      } else if (!known.has(answer.resultSlug)) {
        problems.push({ field, message: `${name}, réponse ${a + 1} : le résultat « ${answer.resultSlug} » n'existe pas dans ce quiz.` });
      }
    });
  });
  // Reachability only means something once every answer names a real result.
  if (problems.length > 0) return problems;
  quiz.results.forEach((result, i) => {
    const named = quiz.questions.some((question) => question.answers.some((a) => a.resultSlug === result.slug));
    if (!named) {
      problems.push({ field: `results.${i}`, message: `Résultat « ${result.slug} » : aucune réponse n'y mène.` });
    } else if (!canWin(quiz, i)) {
      problems.push({
        field: `results.${i}`,
        message: `Résultat « ${result.slug} » : aucune combinaison de réponses ne le fait gagner (un résultat placé avant lui l'emporte toujours).`,
      });
    }
  });
  return problems;
}
