/**
 * The one place the page keeps the reader's consent: a tiny external store (no library) with a React
 * hook. Written by the consent manager when it loads and on every choice; read by the popin, analytics
 * and the signup captcha. On the server, and until the page knows, it is "not initialized": nothing
 * that needs consent happens.
 */
import { useSyncExternalStore } from 'react';
import type { ConsentDeployment } from '../../../consent.config.ts';
import { type ConsentState, readStoredConsent, uninitializedConsent } from './consentState.ts';

type Listener = () => void;

const NONE: ConsentDeployment = { analytics: null, recaptcha: false };
let current: ConsentState = uninitializedConsent(NONE);
const listeners = new Set<Listener>();

export const consentStore = {
  get: (): ConsentState => current,
  set(next: ConsentState): void {
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** At start-up in the browser: the remembered choice, if any and still valid (true then). */
  restore(deployment: ConsentDeployment): boolean {
    if (typeof document === 'undefined') return false;
    if (current.initialized) return true;
    const stored = readStoredConsent(document.cookie, deployment, Date.now());
    consentStore.set(stored ?? uninitializedConsent(deployment));
    return stored !== null;
  },
};

const serverSnapshot = uninitializedConsent(NONE);

export function useConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.get, () => serverSnapshot);
}
