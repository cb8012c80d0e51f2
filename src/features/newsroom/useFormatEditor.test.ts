/**
 * The workflow's pure parts: what the machine hears of a failed call (a version conflict only when the server
 * names the version that won) and the outcome sentences each format's declaration implies.
 */
import { describe, expect, it } from 'vitest';
import { NewsroomError } from '../../api/queries/newsroom.ts';
import { contestDeclaration } from '../../formats/contestFormat.ts';
import { generatorDeclaration } from '../../formats/generatorFormat.ts';
import { mosaicDeclaration } from '../../formats/mosaicFormat.ts';
import { autosavesWhileUnpublished, doneSentences, failureOf } from './useFormatEditor.ts';

describe('failureOf', () => {
  it('a 409 naming the version that won is a conflict (reload); an address already taken is a 400 (fix the field)', () => {
    const won = new NewsroomError('Alice a modifié ce concours à 10:42 (version 4).', 409, { currentVersion: 4 });
    expect(failureOf(won)).toEqual({ status: 409, message: won.message });
    const taken = new NewsroomError('Cette adresse est déjà celle d’un autre concours.', 409, { message: 'x' });
    expect(failureOf(taken)).toEqual({ status: 400, message: taken.message });
    expect(failureOf(new NewsroomError('Titre manquant.', 400, {}))).toEqual({ status: 400, message: 'Titre manquant.' });
  });

  it('anything else is said in French, never as a stack', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ status: 0, message: 'L’opération a échoué : réessayez.' });
  });
});

describe('doneSentences', () => {
  it('agrees with the noun of the declaration (gender, short name)', () => {
    expect(doneSentences(mosaicDeclaration)).toEqual({
      saved: 'Mosaïque enregistrée.',
      publish: 'Mosaïque publiée.',
      schedule: 'Mosaïque programmée.',
      unpublish: 'Mosaïque dépubliée.',
      draft: 'Mosaïque repassée en brouillon.',
    });
    expect(doneSentences(contestDeclaration).publish).toBe('Concours publié.');
    expect(doneSentences(generatorDeclaration).saved).toBe('Générateur enregistré.');
  });
});

describe("autosavesWhileUnpublished (every editor's default)", () => {
  const item = (status: string) => ({ id: 1, version: 3, status });
  it('a draft or an unpublished item saves itself after a pause, as articles always have', () => {
    expect(autosavesWhileUnpublished(item('draft'))).toBe(true);
    expect(autosavesWhileUnpublished(item('unpublished'))).toBe(true);
  });
  it('what readers see or will see at a set time saves only when asked', () => {
    for (const status of ['published', 'scheduled', 'sending', 'sent']) expect(autosavesWhileUnpublished(item(status))).toBe(false);
  });
});
