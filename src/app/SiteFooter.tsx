/**
 * The footer as the site composes it: the footer itself and, on home and category pages, the typewriter.
 * A module of its own so that SiteChrome loads and hydrates it when it nears the viewport: its code is off
 * every page's start-up (issue 38), its server HTML readable and its links working meanwhile.
 */
import type { ReactNode } from 'react';
import type { Quotation } from '../api/types.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { Typewriter } from '../features/quotation/Typewriter.tsx';

export interface SiteFooterProps {
  newsletter: ReactNode;
  /** The typewriter's quotations; none (an empty list) on pages without it. */
  quotations: readonly Quotation[];
  shareUrl: string;
  shareTitle: string;
}

export function SiteFooter({ newsletter, quotations, shareUrl, shareTitle }: SiteFooterProps) {
  return (
    <Footer
      newsletter={newsletter}
      quotation={quotations.length > 0 ? <Typewriter quotations={quotations} /> : null}
      shareUrl={shareUrl}
      shareTitle={shareTitle}
    />
  );
}
