import { Fragment } from 'react';
import type { Author } from '../api/types.ts';
import { nameSeparator } from '../lib/bylines.ts';

/**
 * "Par Alice Martin, journaliste" for one author (as before imports); "Par Alice Martin et Léo Petit",
 * "Par A, B et C" for several (roles left out: a list of roles would drown the names).
 */
export function ArticleBylines({ authors }: { authors: readonly Author[] }) {
  const [only] = authors;
  if (authors.length === 1 && only) {
    return (
      <p data-testid="bylines">
        Par <strong className="font-bold">{only.name}</strong>
        <span className="text-encre/75">{`, ${only.role}`}</span>
      </p>
    );
  }
  return (
    <p data-testid="bylines">
      Par{' '}
      {authors.map((author, index) => (
        <Fragment key={author.slug}>
          {nameSeparator(index, authors.length)}
          <strong className="font-bold">{author.name}</strong>
        </Fragment>
      ))}
    </p>
  );
}
