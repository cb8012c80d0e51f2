/** JSON-LD of the quiz pages: the quiz itself, and a result as a page of its own (what gets shared). */
import { appConfig } from '../../../app.config.ts';
import type { Quiz, QuizResultWithQuiz } from '../../api/types.ts';
import { absoluteUrl, breadcrumbJsonLd, siteImageUrl } from './seo.ts';

export function quizPath(quizUrl: string): string {
  return `/quizz/${quizUrl}`;
}

export function quizResultPath(result: QuizResultWithQuiz): string {
  return `/quizz/${result.quiz.url}/${result.url}`;
}

export function quizJsonLd(quiz: Quiz, siteUrl: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Quiz',
      name: quiz.title,
      description: quiz.description,
      url: absoluteUrl(siteUrl, quizPath(quiz.url)),
      image: siteImageUrl(siteUrl, quiz.image.url),
      datePublished: quiz.publishedAt,
      inLanguage: appConfig.site.language,
      publisher: { '@type': 'Organization', name: appConfig.site.name },
    },
    breadcrumbJsonLd(siteUrl, [
      { name: appConfig.site.name, path: '/' },
      { name: 'Quiz', path: '/quizzes' },
      { name: quiz.title, path: quizPath(quiz.url) },
    ]),
  ];
}

export function quizResultJsonLd(result: QuizResultWithQuiz, siteUrl: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: result.title,
      description: result.description,
      url: absoluteUrl(siteUrl, quizResultPath(result)),
      primaryImageOfPage: { '@type': 'ImageObject', url: siteImageUrl(siteUrl, result.image.url) },
      inLanguage: appConfig.site.language,
      isPartOf: { '@type': 'Quiz', name: result.quiz.title, url: absoluteUrl(siteUrl, quizPath(result.quiz.url)) },
    },
    breadcrumbJsonLd(siteUrl, [
      { name: appConfig.site.name, path: '/' },
      { name: 'Quiz', path: '/quizzes' },
      { name: result.quiz.title, path: quizPath(result.quiz.url) },
      { name: result.title, path: quizResultPath(result) },
    ]),
  ];
}
