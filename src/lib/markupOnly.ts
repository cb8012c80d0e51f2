/**
 * A loader value that the page's HTML already carries (issue 22): the server renders it, but the router's
 * dehydrated data leaves it out, so the same text is not sent twice — once as markup, once as data for
 * hydration. In the browser it arrives empty (`value` undefined) and its component adopts the server's markup;
 * a loader run in the browser (client navigation) keeps the value.
 */
import { createSerializationAdapter } from '@tanstack/react-router';

export class MarkupOnly<T> {
  constructor(readonly value: T | undefined) {}
}

export function markupOnly<T>(value: T): MarkupOnly<T> {
  return new MarkupOnly(value);
}

/** Registered on the router (both sides): dehydrates a MarkupOnly as a bare 0, rehydrates it empty. */
export const markupOnlyAdapter = createSerializationAdapter({
  key: 'markup-only',
  test: (value): value is MarkupOnly<unknown> => value instanceof MarkupOnly,
  toSerializable: () => 0,
  fromSerializable: () => new MarkupOnly<unknown>(undefined),
});
