/**
 * Every state machine of the magazine, for the QA inspector (/qa/machines). Adding a machine is one line:
 * its file, a French title, the input it starts with and example events (the inspector offers every event
 * a state accepts; the examples prefill their payloads and feed the path search).
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { editorMachine } from '../features/newsroom/editorMachine.ts';
import { popinMachine } from '../features/popin/popinMachine.ts';
import { quizMachine } from '../features/quiz/quizMachine.ts';
import { reparteeMachine } from '../features/repartee/reparteeMachine.ts';
import { searchMachine } from '../features/search/searchMachine.ts';
import { signupMachine } from '../features/signup/signupMachine.ts';
import { sampleEvents, sampleInputs } from './samples.ts';

export interface RegisteredMachine {
  /** The file's machine name (`signupMachine`): how the completeness test finds it. */
  name: string;
  title: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** Example events: payloads to prefill, and what path search tries in every state. */
  events: EventObject[];
}

const entry = (name: string, title: string, machine: AnyStateMachine): RegisteredMachine => ({
  name,
  title,
  machine,
  input: sampleInputs[name],
  events: sampleEvents[name] ?? [],
});

export const machineRegistry: readonly RegisteredMachine[] = [
  entry('signupMachine', 'Inscription à la newsletter', signupMachine),
  entry('searchMachine', 'Recherche', searchMachine),
  entry('quizMachine', 'Quiz', quizMachine),
  entry('reparteeMachine', 'Générateur de répartie', reparteeMachine),
  entry('popinMachine', 'Popin marketing', popinMachine),
  entry('editorMachine', 'Éditeurs de la rédaction (articles, quiz, lettres, formats)', editorMachine),
];

export function findRegisteredMachine(name: string): RegisteredMachine | undefined {
  return machineRegistry.find((registered) => registered.name === name);
}
