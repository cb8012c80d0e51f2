/** The footer's rotating typewriter quotation with its author (SPEC §2, §9). */
import { useEffect, useState } from 'react';
import { appConfig } from '../../../app.config.ts';
import type { Quotation } from '../../api/types.ts';
import { nextStep, type TypewriterState } from './typewriter.ts';

export function Typewriter({ quotations }: { quotations: readonly Quotation[] }) {
  const list = quotations.slice(0, appConfig.quotation.count);
  const [state, setState] = useState<TypewriterState>({ index: 0, shown: 0 });
  const lengthsKey = list.map((q) => q.text.length).join(',');

  useEffect(() => {
    const lengths = lengthsKey ? lengthsKey.split(',').map(Number) : [];
    if (lengths.length === 0) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let timer: ReturnType<typeof setTimeout>;
    let current: TypewriterState = { index: 0, shown: reduced ? (lengths[0] ?? 0) : 0 };
    setState(current);
    const tick = () => {
      const step = nextStep(current, lengths, appConfig.quotation);
      // With reduced motion a quotation appears whole, and still changes after the pause.
      current = reduced && step.state.shown === 0 ? { ...step.state, shown: lengths[step.state.index] ?? 0 } : step.state;
      setState(current);
      timer = setTimeout(tick, reduced ? appConfig.quotation.pauseMs : nextStep(current, lengths, appConfig.quotation).delayMs);
    };
    // With reduced motion the first quotation, already whole, stays the pause too (not one letter's time).
    timer = setTimeout(tick, reduced ? appConfig.quotation.pauseMs : appConfig.quotation.typingMsPerLetter);
    return () => clearTimeout(timer);
  }, [lengthsKey]);

  const quotation = list[state.index];
  if (!quotation) return null;
  const typed = quotation.text.slice(0, state.shown);
  const done = state.shown >= quotation.text.length;
  return (
    <section
      aria-label="Citation"
      className="typewriter mx-auto max-w-4xl px-4 py-10 text-center"
      data-testid="typewriter"
      data-index={state.index}
    >
      <figure>
        <blockquote className="font-display text-2xl italic leading-snug md:text-3xl">
          <p className="sr-only">{quotation.text}</p>
          {/* The full text, invisible, reserves the final height: typing never moves the page. */}
          <p aria-hidden="true" className="grid">
            <span className="invisible col-start-1 row-start-1">« {quotation.text} »</span>
            <span className="col-start-1 row-start-1" data-typed="">
              « {typed}
              <span className={`caret ${done ? 'opacity-0' : ''}`}>|</span>
              {done ? ' »' : ''}
            </span>
          </p>
        </blockquote>
        <figcaption className="mt-4 text-sm font-bold uppercase tracking-[0.2em] text-piment-light">— {quotation.author}</figcaption>
      </figure>
    </section>
  );
}
