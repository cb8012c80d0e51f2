/** Inputs and example events the inspector starts machines with: small, French, and valid. */
import type { EventObject } from 'xstate';

const demoQuiz = {
  url: 'quel-cafe-etes-vous',
  questions: [
    {
      id: 1,
      text: 'Votre réveil sonne. Vous…',
      answerKind: 'text',
      audio: null,
      answers: [
        { id: 11, text: 'Vous levez tout de suite', image: null, resultUrl: 'l-espresso' },
        { id: 12, text: 'Négociez cinq minutes', image: null, resultUrl: 'le-cappuccino' },
        { id: 13, text: 'Ouvrez les rideaux', image: null, resultUrl: 'le-latte-glace' },
        { id: 14, text: 'Vérifiez vos messages', image: null, resultUrl: 'l-espresso' },
      ],
    },
    {
      id: 2,
      text: 'Le week-end idéal ?',
      answerKind: 'text',
      audio: null,
      answers: [
        { id: 21, text: 'Un marathon', image: null, resultUrl: 'l-espresso' },
        { id: 22, text: 'Un brunch', image: null, resultUrl: 'le-cappuccino' },
        { id: 23, text: 'La plage', image: null, resultUrl: 'le-latte-glace' },
        { id: 24, text: 'Un musée', image: null, resultUrl: 'le-cappuccino' },
      ],
    },
  ],
  results: [
    {
      id: 1,
      url: 'l-espresso',
      title: "L'espresso",
      description: 'Directe et efficace.',
      image: { url: '/media/x.svg', alt: 'Espresso', width: 1200, height: 800 },
    },
    {
      id: 2,
      url: 'le-cappuccino',
      title: 'Le cappuccino',
      description: 'Douce et généreuse.',
      image: { url: '/media/y.svg', alt: 'Cappuccino', width: 1200, height: 800 },
    },
    {
      id: 3,
      url: 'le-latte-glace',
      title: 'Le latte glacé',
      description: 'Solaire.',
      image: { url: '/media/z.svg', alt: 'Latte', width: 1200, height: 800 },
    },
  ],
};

const nullParts = Object.fromEntries(
  [
    'background',
    'background_mobile',
    'subtitle',
    'description',
    'submit',
    'thanks',
    'button1_url',
    'button2_url',
    'button3_text',
    'button3_url',
    'button4_text',
    'button4_url',
    'choice1_description',
    'choice1_image',
    'choice2_description',
    'choice2_image',
  ].map((k) => [k, null]),
);
const samplePopin = (type: string, trigger: Record<string, unknown>, parts: Record<string, unknown> = {}) => ({
  type,
  cookie: { hash: '7f3a9c2e', successDuration: 2_592_000 },
  popin: { isClose: false, isOpen: false, isOpenDelay: false, timeDelay: 0, ...trigger },
  parts: {
    ...nullParts,
    title: 'SELF CARE CLUB',
    button1_text: null,
    button2_text: null,
    choice1_type: null,
    choice2_type: null,
    ...parts,
  },
});

export const sampleInputs: Record<string, unknown> = {
  popinMachine: { touch: false, appConsent: true },
  signupMachine: { newsletterType: 1 },
  quizMachine: { quiz: demoQuiz },
  reparteeMachine: { url: 'et-toi-c-est-pour-quand-le-mariage', initialReplyId: null, random: () => 0.5 },
  editorMachine: { autosave: true },
};

const signupFields = {
  people_register_email: 'camille@exemple.fr',
  people_register_codepostal: '75011',
  people_register_website: '',
};

export const sampleEvents: Record<string, EventObject[]> = {
  signupMachine: [
    { type: 'signup.submitted', fields: signupFields, origin: 'footer-home' } as EventObject,
    { type: 'signup.newsletterTypeSelected', newsletterType: 2 } as EventObject,
    { type: 'signup.reset' },
    { type: 'xstate.done.actor.getCaptchaToken', output: 'jeton-qa' } as EventObject,
    { type: 'xstate.done.actor.submitSignup', output: { status: 'success', doubleOptIn: false } } as EventObject,
    {
      type: 'xstate.done.actor.submitSignup',
      output: { status: 'error', errors: { people_register_email: 'Vous êtes déjà inscrit' } },
    } as EventObject,
    { type: 'xstate.error.actor.submitSignup', error: 'Failed to fetch' } as EventObject,
  ],
  searchMachine: [
    { type: 'search.typed', query: 'robe' } as EventObject,
    { type: 'search.typed', query: 'ro' } as EventObject,
    { type: 'search.submitted', query: 'robe' } as EventObject,
    { type: 'search.retried' },
    { type: 'search.cleared' },
    { type: 'xstate.done.actor.fetchResults', output: [{ id: 1 }] } as EventObject,
    { type: 'xstate.done.actor.fetchResults', output: [] } as EventObject,
    { type: 'xstate.error.actor.fetchResults', error: 'La recherche a échoué.' } as EventObject,
  ],
  quizMachine: [
    { type: 'quiz.start' },
    { type: 'quiz.answer', answerId: 11 } as EventObject,
    { type: 'quiz.answer', answerId: 21 } as EventObject,
    { type: 'quiz.back' },
    { type: 'quiz.restart' },
    { type: 'quiz.resume', index: 1, answers: [11] } as EventObject,
  ],
  popinMachine: [
    { type: 'popin.contentSet', popin: samplePopin('register_light', { isOpen: true }), hasDismissalCookie: false } as EventObject,
    {
      type: 'popin.contentSet',
      popin: samplePopin('survey', { isOpenDelay: true, timeDelay: 5 }, { button1_text: 'Plus de mode', button2_text: 'Plus de culture' }),
      hasDismissalCookie: false,
    } as EventObject,
    {
      type: 'popin.contentSet',
      popin: samplePopin('register_choice', { isClose: true }, { choice1_type: '1', choice2_type: '2' }),
      hasDismissalCookie: false,
    } as EventObject,
    { type: 'popin.contentSet', popin: samplePopin('button', { isOpen: true }), hasDismissalCookie: true } as EventObject,
    {
      type: 'popin.contentSet',
      popin: samplePopin('button', { isOpen: true }, { button1_text: 'Découvrir', button1_url: '/mode' }),
      hasDismissalCookie: false,
    } as EventObject,
    // No trigger at all: the popin waits and never shows.
    { type: 'popin.contentSet', popin: samplePopin('register_light', {}), hasDismissalCookie: false } as EventObject,
    { type: 'popin.consentChanged', appConsent: false } as EventObject,
    { type: 'popin.consentChanged', appConsent: true } as EventObject,
    { type: 'popin.consentPromptChanged', open: true } as EventObject,
    { type: 'popin.consentPromptChanged', open: false } as EventObject,
    { type: 'popin.mouseLeft' },
    { type: 'popin.mouseEntered' },
    { type: 'popin.surveyAnswered', button: 1 } as EventObject,
    { type: 'popin.choiceSelected', choice: 2 } as EventObject,
    { type: 'popin.signupSucceeded' },
    { type: 'popin.closed' },
    { type: 'popin.emptied' },
  ],
  editorMachine: [
    { type: 'editor.edit' },
    { type: 'editor.save' },
    { type: 'editor.status', action: 'publish' } as EventObject,
    { type: 'editor.preview' },
    { type: 'editor.restore', revision: { id: 7, version: 2 } } as EventObject,
    { type: 'editor.reload' },
    { type: 'xstate.done.actor.saveItem' },
    { type: 'xstate.error.actor.saveItem', error: { status: 409, message: 'Alice a modifié cet article à 10:42.' } } as EventObject,
    { type: 'xstate.error.actor.saveItem', error: { status: 503, message: 'Le serveur ne répond pas.' } } as EventObject,
    { type: 'xstate.done.actor.changeStatus' },
    { type: 'xstate.done.actor.makePreviewLink' },
    { type: 'xstate.done.actor.restoreRevision' },
    { type: 'xstate.done.actor.reloadItem' },
  ],
  reparteeMachine: [
    {
      type: 'xstate.done.actor.loadReplies',
      output: [
        { id: 1, text: 'Quand tu auras fini ta phrase.' },
        { id: 2, text: 'Jamais le lundi.' },
      ],
    } as EventObject,
    { type: 'xstate.error.actor.loadReplies', error: 'indisponible' } as EventObject,
    { type: 'repartee.draw' },
    { type: 'repartee.retry' },
    { type: 'repartee.popinClosed' },
  ],
};
