import type { ReactNode } from 'react';

/** SPEC §2: pages have a top title and description. */
export function PageHeading({
  kicker,
  title,
  description,
  children,
  accent,
}: {
  kicker?: string;
  title: string;
  description?: string;
  children?: ReactNode;
  /** A CSS colour for the underline (the category colour). */
  accent?: string;
}) {
  return (
    <header className="page-heading mx-auto max-w-5xl px-4 pb-6 pt-10 text-center md:pt-14">
      {kicker ? <p className="kicker text-piment-dark">{kicker}</p> : null}
      <h1 className="mt-2 font-display text-4xl font-black italic leading-none tracking-tight text-balance md:text-6xl">{title}</h1>
      <span
        aria-hidden="true"
        className="mx-auto mt-5 block h-1.5 w-24 rounded-full bg-piment"
        style={accent ? { backgroundColor: accent } : undefined}
      />
      {description ? <p className="mx-auto mt-5 max-w-2xl text-lg text-encre/80 text-pretty">{description}</p> : null}
      {children}
    </header>
  );
}
