/** TanStack Start's instance options, both sides (server render and browser hydration). */
import { createStart } from '@tanstack/react-start';
import { markupOnlyAdapter } from './lib/markupOnly.ts';

export const startInstance = createStart(() => ({
  // Article bodies travel in the HTML only, not again in the hydration data (issue 22).
  serializationAdapters: [markupOnlyAdapter],
}));
