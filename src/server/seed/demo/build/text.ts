/** French text helpers: slugs and a tiny template filler that handles articles, elision and agreement. */
import type { Topic } from '../types.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase ASCII slug: accents stripped, ligatures expanded, words joined by single hyphens. */
export function slugify(text: string, maxLength = 120): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= maxLength) return ascii;
  const cut = ascii.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : ascii.slice(0, maxLength)).replace(/-+$/g, '');
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1);
}

const isPlural = (topic: Topic): boolean => topic.g === 'mp' || topic.g === 'fp';
const startsWithVowel = (text: string): boolean => /^[aeiouyhàâäéèêëîïôöûüœ]/i.test(text);

function definite(topic: Topic): string {
  if (topic.np) return topic.t;
  if (isPlural(topic)) return `les ${topic.t}`;
  if (topic.v) return `l'${topic.t}`;
  return `${topic.g === 'm' ? 'le' : 'la'} ${topic.t}`;
}

function partitive(topic: Topic): string {
  if (topic.np) {
    const t = topic.t;
    if (t.startsWith('le ')) return `du ${t.slice(3)}`;
    if (t.startsWith('les ')) return `des ${t.slice(4)}`;
    if (t.startsWith('la ') || t.startsWith("l'")) return `de ${t}`;
    return startsWithVowel(t) ? `d'${t}` : `de ${t}`;
  }
  if (isPlural(topic)) return `des ${topic.t}`;
  if (topic.v) return `de l'${topic.t}`;
  return `${topic.g === 'm' ? 'du' : 'de la'} ${topic.t}`;
}

function indefinite(topic: Topic): string {
  if (isPlural(topic)) return 'des';
  return topic.g === 'm' ? 'un' : 'une';
}

function demonstrative(topic: Topic): string {
  if (isPlural(topic)) return 'ces';
  if (topic.g === 'f') return 'cette';
  return topic.v ? 'cet' : 'ce';
}

function pronoun(topic: Topic): string {
  if (isPlural(topic)) return 'les';
  return topic.g === 'm' ? 'le' : 'la';
}

function genderIndex(topic: Topic): number {
  return ['m', 'f', 'mp', 'fp'].indexOf(topic.g);
}

/**
 * Fills a template for a topic. Placeholders:
 * `{t}`/`{T}` the bare noun phrase (capitalised with T), `{le}`/`{Le}` with its definite article,
 * `{du}`/`{Du}` with "de" + article, `{un}` indefinite article, `{ce}` demonstrative, `{pron}` object pronoun,
 * `{at}`/`{At}` the locative phrase, `{n:sing|plur}` number agreement, `{g:m|f|mp|fp}` gender and number agreement.
 */
export function fill(template: string, topic: Topic): string {
  return template.replace(/\{([^{}]+)\}/g, (_whole, key: string) => {
    if (key.startsWith('n:')) {
      const [singular = '', plural = ''] = key.slice(2).split('|');
      return isPlural(topic) ? plural : singular;
    }
    if (key.startsWith('g:')) {
      const forms = key.slice(2).split('|');
      return forms[genderIndex(topic)] ?? forms[0] ?? '';
    }
    switch (key) {
      case 't':
        return topic.t;
      case 'T':
        return capitalize(topic.t);
      case 'le':
        return definite(topic);
      case 'Le':
        return capitalize(definite(topic));
      case 'du':
        return partitive(topic);
      case 'Du':
        return capitalize(partitive(topic));
      case 'un':
        return indefinite(topic);
      case 'Un':
        return capitalize(indefinite(topic));
      case 'ce':
        return demonstrative(topic);
      case 'Ce':
        return capitalize(demonstrative(topic));
      case 'pron':
        return pronoun(topic);
      case 'at':
        return topic.at ?? `avec ${definite(topic)}`;
      case 'At':
        return capitalize(topic.at ?? `avec ${definite(topic)}`);
      default:
        throw new Error(`Unknown placeholder {${key}} in "${template}"`);
    }
  });
}
