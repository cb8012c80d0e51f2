/**
 * The draw itself, pure and reproducible: from a seed and the confirmed entries' ids, the winners. Anyone
 * holding the recorded seed and list can replay it: the pool is sorted by id, then for each rank r the
 * winner is the entry at index HMAC-SHA256(seed, "draw:" + r) mod (entries left), taken out of the pool.
 * The modulo bias is below 2^-200 for any pool a contest can have (the first 32 bytes as one integer).
 */
import { createHmac, randomBytes } from 'node:crypto';

export const newSeed = (): string => randomBytes(32).toString('hex');

function pick(seed: string, rank: number, size: number): number {
  const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(`draw:${rank}`).digest('hex');
  return Number(BigInt(`0x${digest}`) % BigInt(size));
}

/** The winners' ids in the order drawn; `count` is at most the pool's size (checked by the caller). */
export function drawWinners(seed: string, poolIds: readonly number[], count: number): number[] {
  const left = [...new Set(poolIds)].sort((a, b) => a - b);
  const winners: number[] = [];
  for (let rank = 0; rank < count && left.length > 0; rank++) {
    const [winner] = left.splice(pick(seed, rank, left.length), 1);
    winners.push(winner as number);
  }
  return winners;
}

/** How a winner is shown to readers: the first name and the initial of the last name (« Camille D. »). */
export function publicWinnerName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toLocaleUpperCase('fr')}.` : firstName.trim();
}
