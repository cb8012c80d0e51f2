/**
 * The entry form of a running contest, in a chunk of its own, rendered by the server too: the contest routes'
 * loaders await `contestEntryForm.load()` (src/lib/serverReadyLazy.ts says why).
 */
import { serverReadyLazy } from '../../lib/serverReadyLazy.ts';

export const contestEntryForm = serverReadyLazy(() => import('./ContestEntryForm.tsx').then((module) => module.ContestEntryForm));
