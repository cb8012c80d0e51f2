/**
 * consentPrompt: open while the banner is coming or shown, or the preferences are; closed once a choice is
 * known and no modal is on screen. The popin reads it to never share the screen with the banner.
 */
import { describe, expect, it } from 'vitest';
import { consentPrompt } from './consentPrompt.ts';
import { consentFromChoice, uninitializedConsent } from './consentState.ts';
import { consentStore } from './consentStore.ts';

const plain = { analytics: null, recaptcha: false };

describe('consentPrompt', () => {
  it('a returning reader (choice known, nothing shown): closed; the preferences opened from the footer: open until hidden', () => {
    consentStore.set(consentFromChoice({ categories: ['necessary', 'marketing'], services: { marketing: ['piquante'] } }, plain));
    expect(consentPrompt.isOpen()).toBe(false);
    const heard: boolean[] = [];
    const stop = consentPrompt.subscribe(() => heard.push(consentPrompt.isOpen()));
    consentPrompt.modalShown('preferencesModal', true);
    expect(consentPrompt.isOpen()).toBe(true);
    consentPrompt.modalShown('preferencesModal', false);
    expect(consentPrompt.isOpen()).toBe(false);
    stop();
    expect(heard).toEqual([true, false]);
  });

  it('no choice yet: open from the start (the banner is coming), through banner → preferences, closed once chosen', () => {
    consentStore.set(uninitializedConsent(plain));
    consentPrompt.awaitChoice();
    expect(consentPrompt.isOpen()).toBe(true);
    consentPrompt.modalShown('consentModal', true);
    // « Personnaliser »: the banner hides as the preferences show.
    consentPrompt.modalShown('preferencesModal', true);
    consentPrompt.modalShown('consentModal', false);
    expect(consentPrompt.isOpen()).toBe(true);
    consentPrompt.modalShown('preferencesModal', false);
    // Hidden but not chosen yet (the choice is written just after): still open.
    expect(consentPrompt.isOpen()).toBe(true);
    consentStore.set(consentFromChoice({ categories: ['necessary'], services: {} }, plain));
    expect(consentPrompt.isOpen()).toBe(false);
  });
});
