/** The footer typewriter's quotations, in order. */
import { QUOTATIONS } from '../data/quotations.ts';
import type { DemoQuotation } from '../types.ts';

export function buildDemoQuotations(): DemoQuotation[] {
  return QUOTATIONS.map(([text, author], index) => ({ text, author, position: index + 1 }));
}
