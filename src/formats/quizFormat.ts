/** The quizzes: questions, then a result by score. */
import type { FormatDeclaration } from './formatDeclaration.ts';

export const quizDeclaration = {
  entity: 'quiz',
  noun: { singular: 'quiz', plural: 'quiz', gender: 'masculine' },
  adminPath: '/admin/quizz',
  newSegment: 'nouveau',
  apiPath: '/api/admin/quizzes',
  operations: {
    list: 'listAdminQuizzes',
    create: 'createAdminQuiz',
    get: 'getAdminQuiz',
    update: 'updateAdminQuiz',
    status: 'changeAdminQuizStatus',
    revisions: 'listQuizRevisions',
    restore: 'restoreQuizRevision',
    previewLink: 'createQuizPreviewLink',
    preview: 'getQuizPreview',
  },
  previewPath: '/apercu-quizz/',
  publicPath: '/quizz/{slug}',
  list: {
    title: 'Quiz',
    columns: [
      { field: 'title', heading: 'Titre', kind: 'title' },
      { field: 'status', heading: 'État', kind: 'status' },
      { field: 'questionCount', heading: 'Questions', kind: 'number' },
      { field: 'resultCount', heading: 'Résultats', kind: 'number' },
      { field: 'updatedAt', heading: 'Modifié le', kind: 'date' },
    ],
  },
} as const satisfies FormatDeclaration;
