/**
 * Drawing replies like cards (issue 9): a reader sees every reply once before any comes back. The deck
 * holds the ids still to draw, in a shuffled order; once it is empty a new shuffle starts, never with
 * the reply just shown (no reply twice in a row when there are two or more).
 */

/** Fisher–Yates with the given source of randomness (0 ≤ random() < 1). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The first deck: every id but those already `seen` (a reply opened from a shared link), or all of them. */
export function newDeck(ids: readonly number[], seen: readonly number[], random: () => number): number[] {
  const unseen = ids.filter((id) => !seen.includes(id));
  return shuffled(unseen.length > 0 ? unseen : ids, random);
}

export interface Draw {
  drawn: number;
  deck: number[];
}

/** The next reply and the deck left after it; `current` is the reply on screen (never drawn again at once). */
export function drawFrom(deck: readonly number[], ids: readonly number[], current: number | null, random: () => number): Draw | null {
  if (ids.length === 0) return null;
  // A new round holds every reply; only its first card may not be the one on screen.
  let pile = deck.length > 0 ? deck.slice() : shuffled(ids, random);
  if (pile[0] === current && pile.length > 1) pile = [...pile.slice(1), pile[0] as number];
  const [drawn, ...rest] = pile;
  return { drawn: drawn as number, deck: rest };
}
