/** Issue 9's demo content: quizzes and generators that exercise the quiz screen and the reply generator. */
import { describe, expect, it } from 'vitest';
import { buildDemoContent } from './demoContent.ts';

const content = buildDemoContent({ articles: 0 });

describe('playable demo content', () => {
  it('has a text quiz with 4 answers to every question', () => {
    const textQuizzes = content.quizzes.filter((quiz) =>
      quiz.questions.every((question) => question.answerKind === 'text' && question.answers.length === 4),
    );
    expect(textQuizzes.map((quiz) => quiz.url)).toContain('quel-cafe-etes-vous');
  });

  it('has a picture quiz with 6 answers to every question, each picture with alt text', () => {
    const pictureQuizzes = content.quizzes.filter((quiz) =>
      quiz.questions.every((question) => question.answerKind === 'picture' && question.answers.length === 6),
    );
    expect(pictureQuizzes.map((quiz) => quiz.url)).toContain('quel-bouquet-vous-ressemble');
    for (const answer of pictureQuizzes.flatMap((quiz) => quiz.questions.flatMap((question) => question.answers))) {
      expect(answer.image?.alt.length).toBeGreaterThan(10);
    }
  });

  it('has a quiz with a locally generated sound on a question', () => {
    const audio = content.quizzes.flatMap((quiz) => quiz.questions).find((question) => question.audio !== null)?.audio;
    expect(audio?.url).toMatch(/^\/media\/audio\/[a-z0-9-]+\.wav$/);
  });

  it('has quizzes with at least 3 results', () => {
    expect(content.quizzes.filter((quiz) => quiz.results.length >= 3).length).toBeGreaterThanOrEqual(3);
  });

  it('has at least 3 generators with 20 or more distinct replies', () => {
    const big = content.reparteeGenerators.filter((generator) => new Set(generator.replies.map((r) => r.text)).size >= 20);
    expect(big.length).toBeGreaterThanOrEqual(3);
  });
});
