import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.tsx';

/** A text page of the magazine (mission, charter, legal pages): top title, description, prose. */
export function EditorialPage({
  kicker,
  title,
  description,
  children,
}: {
  kicker?: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="editorial-page">
      <PageHeading kicker={kicker} title={title} description={description} />
      <div className="prose-piquante mx-auto max-w-3xl px-4 pb-8">{children}</div>
    </div>
  );
}
