/** Demo quizzes: the hand-written questions with their results, illustrations, audio and shuffled answers. */
import { describeSvgImage, svgImageUrl } from '../../../media/svgImage.ts';
import { audioDurationSeconds, wavAudioUrl } from '../../../media/wavAudio.ts';
import { PLAYABLE_QUIZ_DEFS } from '../data/playableQuizzes.ts';
import { QUIZ_DEFS, type QuizDef } from '../data/quizzes.ts';
import type { DemoQuiz, DemoQuizQuestion } from '../types.ts';
import { DEMO_REFERENCE_MS } from './articles.ts';
import { createRng, itemAt } from './random.ts';

const DAY_MS = 86_400_000;

export function buildDemoQuizzes(): DemoQuiz[] {
  const defs: readonly QuizDef[] = [...QUIZ_DEFS, ...PLAYABLE_QUIZ_DEFS];
  return defs.map((def, quizIndex) => {
    const rng = createRng(`quiz/${def.url}`);
    const results = def.results.map(([url, title, description]) => ({
      url,
      title,
      description,
      image: {
        url: svgImageUrl('result', `${def.url}-${url}`),
        alt: `Illustration du résultat « ${title} » : ${describeSvgImage('result', `${def.url}-${url}`)}`,
        width: 1200,
        height: 800,
      },
    }));
    const questions: DemoQuizQuestion[] = def.questions.map((question, questionIndex) => {
      const number = questionIndex + 1;
      const answers = question.answers.map((text, answerIndex) => ({
        text,
        resultUrl: itemAt(results, answerIndex % results.length).url,
      }));
      const audioKey = `${def.url}-q${number}`;
      return {
        id: `q${number}`,
        text: question.text,
        answerKind: question.picture ? 'picture' : 'text',
        audio: question.audio
          ? { url: wavAudioUrl(audioKey), mimeType: 'audio/wav', durationSeconds: audioDurationSeconds(audioKey) }
          : null,
        answers: rng.shuffle(answers).map((answer, position) => {
          const key = `${def.url}-q${number}-a${position + 1}`;
          return {
            id: `q${number}-a${position + 1}`,
            text: answer.text,
            image: question.picture
              ? {
                  url: svgImageUrl('answer', key),
                  alt: `${answer.text} : illustration, ${describeSvgImage('answer', key)}`,
                  width: 600,
                  height: 600,
                }
              : null,
            resultUrl: answer.resultUrl,
          };
        }),
      };
    });
    return {
      url: def.url,
      title: def.title,
      description: def.description,
      image: {
        url: svgImageUrl('quiz', def.url),
        alt: `Illustration du quiz « ${def.title} » : ${describeSvgImage('quiz', def.url)}`,
        width: 1200,
        height: 800,
      },
      publishedAt: new Date(DEMO_REFERENCE_MS - (3 + quizIndex * 17 + rng.int(0, 9)) * DAY_MS).toISOString(),
      questions,
      results,
    };
  });
}
