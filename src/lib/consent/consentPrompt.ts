/**
 * Whether the consent manager is asking the reader something: its banner is open, or about to open (no
 * choice known, the manager loads 1 s after the page), or its preferences are open. The popin waits for
 * it to end so that the two never share the screen (issue 39). Written by the consent loader and
 * manager; read through useConsentPromptOpen.
 */
import { useSyncExternalStore } from 'react';
import { consentStore, useConsent } from './consentStore.ts';

let awaitingChoice = false;
/** The manager's modals on screen: its banner and its preferences can follow one another. */
const openModals = new Set<string>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const consentPrompt = {
  /** No valid choice was remembered: the banner is coming. */
  awaitChoice(): void {
    awaitingChoice = true;
    notify();
  },
  modalShown(name: string, shown: boolean): void {
    if (shown) openModals.add(name);
    else openModals.delete(name);
    notify();
  },
  isOpen(): boolean {
    return openModals.size > 0 || (awaitingChoice && !consentStore.get().initialized);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useConsentPromptOpen(): boolean {
  // Read with the consent so that a choice made (initialized) is seen at once.
  useConsent();
  return useSyncExternalStore(consentPrompt.subscribe, consentPrompt.isOpen, () => false);
}
