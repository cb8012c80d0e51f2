import type { Quotation } from '../api/types.ts';

/** SPEC §2: the home page's quote banner. */
export function QuoteBanner({ quotation }: { quotation: Quotation }) {
  return (
    <section aria-label="Citation" className="quote-banner relative overflow-hidden bg-piment text-white">
      <div className="mx-auto max-w-5xl px-6 py-14 text-center md:py-20">
        <span aria-hidden="true" className="block font-display text-8xl leading-none opacity-40">
          “
        </span>
        <figure>
          <blockquote className="-mt-6 font-display text-3xl font-bold italic leading-tight text-balance md:text-5xl">
            <p>{quotation.text}</p>
          </blockquote>
          <figcaption className="mt-6 text-sm font-bold uppercase tracking-[0.2em]">— {quotation.author}</figcaption>
        </figure>
      </div>
    </section>
  );
}
