/** The ALTCHA proof of work, off the main thread: receives a challenge, answers `{ number }`. */
import type { AltchaChallenge } from '../../api/types.ts';
import { solveAltcha } from '../altcha/altchaSolver.ts';

self.onmessage = (event: MessageEvent<AltchaChallenge>) => {
  self.postMessage({ number: solveAltcha(event.data) });
};
