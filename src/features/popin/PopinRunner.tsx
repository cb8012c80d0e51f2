/**
 * Runs popinMachine in the page (a lazy chunk, fetched only when a popin applies): feeds it the page's
 * popin, the `app` vendor's consent, the mouse leaving the layout and the device kind, and carries out
 * its effects (the dismissal cookie, the scroll lock, the survey answer sent to be counted), and counts its
 * impression, the click on its primary action and its signup in the audience measurement (decision 028).
 */
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { answerPopinSurvey } from '../../api/queries/popin.ts';
import type { Popin, PopinSurveyAnswerInput } from '../../api/types.ts';
import { inspectRelay } from '../../lib/machineInspection.ts';
import { countAudienceEvent } from '../../lib/audience.ts';
import { PopinDialog, type PopinSignupSlot } from './PopinDialog.tsx';
import './popin.css';
import { dismissalCookiePresent, writeDismissalCookie } from './dismissalCookie.ts';
import { type CookieWrite, popinMachine } from './popinMachine.ts';

export interface PopinRunnerProps {
  /** The current page's popin; null when the page has none (the machine is emptied). */
  popin: Popin | null;
  appConsent: boolean;
  /** The consent banner or its preferences are open: the popin waits (never both on screen). */
  consentPromptOpen?: boolean;
  renderSignup: (slot: PopinSignupSlot) => ReactNode;
  /** A newsroom preview: shown whatever cookie exists, and neither a cookie written nor an answer counted. */
  preview?: boolean;
}

function isTouchDevice(): boolean {
  return navigator.maxTouchPoints > 0 || window.matchMedia('(pointer: coarse)').matches;
}

/** Locks the page's scroll without moving it: the scrollbar's width is kept as padding. */
function lockScroll(): void {
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  root.style.overflow = 'hidden';
  if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
}

function restoreScroll(): void {
  document.documentElement.style.overflow = '';
  document.body.style.paddingRight = '';
}

export function PopinRunner({ popin, appConsent, consentPromptOpen = false, renderSignup, preview = false }: PopinRunnerProps) {
  const [machine] = useState(() =>
    popinMachine.provide({
      actions: {
        lockScroll,
        restoreScroll,
        writeCookie: (_, write: CookieWrite) => {
          if (!preview) writeDismissalCookie(write, window.location.protocol === 'https:');
        },
        sendSurveyAnswer: (_, answer: PopinSurveyAnswerInput) => {
          if (preview) return;
          void answerPopinSurvey(answer);
          countAudienceEvent('popin-answer', answer.popin);
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: { touch: isTouchDevice(), appConsent, consentPromptOpen },
    inspect: inspectRelay,
  });

  useEffect(() => {
    send({ type: 'popin.consentChanged', appConsent });
  }, [appConsent, send]);

  useEffect(() => {
    send({ type: 'popin.consentPromptChanged', open: consentPromptOpen });
  }, [consentPromptOpen, send]);

  useEffect(() => {
    if (popin) {
      const hasDismissalCookie = !preview && dismissalCookiePresent(popin.cookie.hash, document.cookie);
      send({ type: 'popin.contentSet', popin, hasDismissalCookie });
    } else send({ type: 'popin.emptied' });
  }, [popin, send, preview]);

  useEffect(() => {
    // "Leaves the page layout": the pointer goes out of the window (towards the tabs, the address bar…).
    const out = (event: MouseEvent) => {
      if (!event.relatedTarget) send({ type: 'popin.mouseLeft' });
    };
    const back = () => send({ type: 'popin.mouseEntered' });
    document.addEventListener('mouseout', out);
    document.documentElement.addEventListener('mouseenter', back);
    return () => {
      document.removeEventListener('mouseout', out);
      document.documentElement.removeEventListener('mouseenter', back);
    };
  }, [send]);

  useEffect(() => () => restoreScroll(), []);

  const shown = state.context.popin;
  const displayed = state.matches('displayed');
  // Counted by the popin's cookie hash, as its survey answers are: once per display (one per page's life).
  const counted = (kind: 'popin-impression' | 'popin-click' | 'popin-signup') => {
    if (!preview && shown) countAudienceEvent(kind, shown.cookie.hash);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one impression when it appears, not on each render.
  useEffect(() => {
    if (displayed) counted('popin-impression');
  }, [displayed]);
  // Where the machine is, for QA and tests (hidden; the inspector's live mode shows it too).
  const marker = <div hidden data-testid="popin-state" data-state={JSON.stringify(state.value)} />;
  if (!displayed || !shown) return marker;
  const variant = (['form', 'choice', 'buttons', 'survey', 'signedUp'] as const).find((v) => state.matches({ displayed: v })) ?? 'buttons';
  return (
    <>
      {marker}
      <PopinDialog
        popin={shown}
        variant={variant}
        surveyAnswered={state.matches({ displayed: { survey: 'answered' } })}
        choice={state.matches({ displayed: { choice: 'choice2' } }) ? 2 : 1}
        newsletterType={state.context.newsletterType}
        onClose={() => send({ type: 'popin.closed' })}
        onSurveyAnswer={(button) => send({ type: 'popin.surveyAnswered', button })}
        onChoice={(choice) => send({ type: 'popin.choiceSelected', choice })}
        onSignupSuccess={() => {
          counted('popin-signup');
          send({ type: 'popin.signupSucceeded' });
        }}
        onPrimaryAction={() => counted('popin-click')}
        renderSignup={renderSignup}
      />
    </>
  );
}
