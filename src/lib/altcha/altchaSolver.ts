/**
 * Solves an ALTCHA challenge: finds the number n ≤ maxnumber with SHA-256(salt + n) = challenge, and
 * encodes the answer the way the server reads it (JSON, then base64) for the `g-recaptcha-response`
 * field. Runs in a Web Worker in the browser (altchaWorker.ts), inline where workers are missing.
 */
import type { AltchaChallenge } from '../../api/types.ts';
import { sha256Hex } from './sha256.ts';

/** The number, or null when none up to maxnumber matches (a forged or broken challenge). */
export function solveAltcha(challenge: AltchaChallenge, shouldStop: () => boolean = () => false): number | null {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if ((n & 0xfff) === 0 && shouldStop()) return null;
    if (sha256Hex(challenge.salt + n) === challenge.challenge) return n;
  }
  return null;
}

export function encodeAltchaSolution(challenge: AltchaChallenge, number: number): string {
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
