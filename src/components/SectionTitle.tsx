import type { ReactNode } from 'react';

/** A section heading in the magazine's style, with an optional link on the right. */
export function SectionTitle({
  id,
  children,
  action,
  tone = 'light',
  level = 2,
}: {
  id?: string;
  children: ReactNode;
  action?: ReactNode;
  tone?: 'light' | 'dark';
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`mb-8 flex items-end justify-between gap-4 border-b-2 pb-3 ${tone === 'dark' ? 'border-white' : 'border-encre'}`}>
      <Heading id={id} className="font-display text-3xl font-black italic leading-none md:text-4xl">
        {children}
      </Heading>
      {action ? (
        <span
          className={`section-action text-sm font-bold uppercase tracking-wider underline-offset-4 hover:underline ${tone === 'dark' ? 'text-white' : 'text-piment-dark'}`}
        >
          {action}
        </span>
      ) : null}
    </div>
  );
}
