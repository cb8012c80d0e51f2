/**
 * The one input rule for control characters (issue 34, part 4): NUL and the other C0 controls (but tab and
 * line breaks) and the bidirectional overrides are refused in every string of a request, naming the field.
 */
import { describe, expect, it } from 'vitest';
import { controlCharacterField, controlCharacterMessage, hasForbiddenControl } from './controlCharacters.ts';

describe('control characters in a request', () => {
  it('refuses NUL, the other C0 controls, DEL and the bidirectional overrides', () => {
    const refused = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of [...refused, ...bidi]) expect(hasForbiddenControl(`a${c}b`), JSON.stringify(c)).toBe(true);
  });

  it('lets tab, line breaks, accents, emoji and the other invisible but harmless characters through', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb', 'Déjà vu — « oui »', '😀', 'a\u00a0b', 'a\u200bb', '\u200e', 'ﬁ']) {
      expect(hasForbiddenControl(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first field that holds one, however deep, keys included', () => {
    expect(controlCharacterField({ title: 'ok', replies: [{ text: 'ok' }, { text: 'a\u0000' }] })).toBe('replies.1.text');
    expect(controlCharacterField({ image: { url: '/media/x.webp', alt: 'x\u202e' } })).toBe('image.alt');
    expect(controlCharacterField({ 'cl\u0000é': 1 })).toBe('cl\ufffdé');
    expect(controlCharacterField('\u0000')).toBe('requête');
    expect(controlCharacterField({ title: 'ok', n: 1, b: true, z: null, list: [1, 'ok'] })).toBeNull();
  });

  it('says it in French, with the field', () => {
    expect(controlCharacterMessage('title')).toBe('Le champ « title » contient un caractère de contrôle interdit.');
  });
});
