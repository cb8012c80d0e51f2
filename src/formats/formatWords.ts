/**
 * The French words a format's declaration implies: "cette citation", "une citation", "Nouvelle citation",
 * "3 citations". Written once here so that refusals, buttons and captions agree for every format.
 */
import type { FormatDeclaration } from './formatDeclaration.ts';

type Noun = FormatDeclaration['noun'];

const feminine = (noun: Noun) => noun.gender === 'feminine';

/** "cette citation", "ce concours", "cet article". */
export function thisItem(noun: Noun): string {
  const name = noun.short ?? noun.singular;
  if (feminine(noun)) return `cette ${name}`;
  return `${noun.elided ? 'cet' : 'ce'} ${name}`;
}

/** After "Votre rôle ne permet pas …": "de créer une citation", "d’ajouter un produit". */
export function createWhat(noun: Noun): string {
  return noun.added ? `d’ajouter ${anItem(noun)}` : `de créer ${anItem(noun)}`;
}

/** "une citation", "un concours". */
export function anItem(noun: Noun): string {
  return `${feminine(noun) ? 'une' : 'un'} ${noun.singular}`;
}

/** "Nouvelle citation", "Nouveau concours", "Nouvel article". */
export function newItem(noun: Noun): string {
  if (feminine(noun)) return `Nouvelle ${noun.singular}`;
  return `${noun.elided ? 'Nouvel' : 'Nouveau'} ${noun.singular}`;
}

/** "1 citation", "3 citations". */
export function countOf(noun: Noun, n: number): string {
  return `${n} ${n > 1 ? noun.plural : noun.singular}`;
}

/** "Aucune citation pour l’instant.", "Aucun concours pour l’instant." */
export function noneYet(noun: Noun): string {
  return `${feminine(noun) ? 'Aucune' : 'Aucun'} ${noun.singular} pour l’instant.`;
}

/** "Cette citation est introuvable." */
export function notFound(noun: Noun): string {
  const name = thisItem({ ...noun, short: undefined });
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} est introuvable.`;
}

/** "une autre mosaïque", "un autre concours": whose address it already is. */
export function anotherItem(noun: Noun): string {
  return `${feminine(noun) ? 'une autre' : 'un autre'} ${noun.short ?? noun.singular}`;
}
