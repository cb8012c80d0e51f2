import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { Author } from '../api/types.ts';
import { nameSeparator } from '../lib/bylines.ts';

/**
 * A byline's name, a link to their page (issue 36). The web-view variants keep readers inside
 * '/app-<short name>', where there is no author page: there the name is plain.
 */
function BylineName({ author, linked }: { author: Author; linked: boolean }) {
  const name = <strong className="font-bold">{author.name}</strong>;
  if (!linked) return name;
  return (
    <Link
      to="/auteur/$slug"
      params={{ slug: author.slug }}
      className="underline decoration-piment decoration-2 underline-offset-4 hover:text-piment-dark"
    >
      {name}
    </Link>
  );
}

/**
 * "Par Alice Martin, journaliste" for one author (as before imports); "Par Alice Martin et Léo Petit",
 * "Par A, B et C" for several (roles left out: a list of roles would drown the names).
 */
export function ArticleBylines({ authors, linked = true }: { authors: readonly Author[]; linked?: boolean }) {
  const [only] = authors;
  if (authors.length === 1 && only) {
    return (
      <p data-testid="bylines">
        Par <BylineName author={only} linked={linked} />
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
          <BylineName author={author} linked={linked} />
        </Fragment>
      ))}
    </p>
  );
}
