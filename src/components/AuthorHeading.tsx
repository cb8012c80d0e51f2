import type { AuthorProfile } from '../api/types.ts';
import { ContentImage } from './ContentImage.tsx';

/** A plain-text bio's paragraphs: a blank line separates them. */
export function bioParagraphs(bio: string): string[] {
  return bio
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The top of an author's page (issue 36): photo, name (the page's h1), role and bio. */
export function AuthorHeading({ author }: { author: AuthorProfile }) {
  return (
    <header
      className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 pb-8 pt-10 text-center md:pt-14"
      data-testid="author-heading"
    >
      {author.photo ? (
        <ContentImage
          image={author.photo}
          sizes="160px"
          eager
          priority
          className="aspect-square h-40 w-40 rounded-full bg-piment-light object-cover"
        />
      ) : null}
      <div>
        <p className="kicker text-piment-dark">{author.role || 'Signature'}</p>
        <h1 className="mt-2 font-display text-4xl font-black italic leading-none tracking-tight text-balance md:text-6xl">{author.name}</h1>
      </div>
      {author.bio ? (
        <div className="grid max-w-2xl gap-3 text-lg text-encre/85 text-pretty" data-testid="author-bio">
          {bioParagraphs(author.bio).map((paragraph) => (
            <p key={paragraph} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      ) : null}
    </header>
  );
}
