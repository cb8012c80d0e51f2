/**
 * A part of a server-rendered page hydrated only when it nears the viewport, is focused or touched (issue 38):
 * hydrating every section of a long page at start is what blocked the main thread after the first paint (total
 * blocking time). Its HTML is the server's, complete and readable at once, with or without JavaScript; its links
 * are real links. Until hydrated, React keeps the server's HTML (a dehydrated Suspense boundary); a pointer down or
 * a focus inside wakes it, and React hydrates a boundary at once when a click lands in it, then hands it the click:
 * a link clicked before hydration is still followed (by the router once hydrated, by the browser otherwise).
 * Rendered later in the browser (a client-side navigation: no server HTML to keep), it renders its children at once.
 * Its code is the page's: only the work of hydrating waits, not a download (see lazyWhenVisible.tsx for that).
 */
import { type ReactNode, Suspense, use, useEffect, useId, useRef, useState } from 'react';

interface Gate {
  promise: Promise<void>;
  opened: boolean;
  open: () => void;
}

function createGate(): Gate {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const gate: Gate = {
    promise,
    opened: false,
    open: () => {
      gate.opened = true;
      resolve();
    },
  };
  return gate;
}

function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.opened) use(gate.promise);
  return children;
}

export function HydrateWhenVisible({
  children,
  rootMargin = '200px 0px',
  className,
}: {
  children: ReactNode;
  /** How near the viewport the part hydrates (IntersectionObserver's rootMargin). */
  rootMargin?: string;
  className?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Only a part whose server HTML is in the document waits: React's ids of a hydrated tree are the server's, those
  // of a tree rendered in the browser are its own, so an element with this id exists only while hydrating.
  const [gate] = useState(() => (typeof document !== 'undefined' && document.getElementById(id) ? createGate() : null));
  // Rendered again before it was hydrated (its parent passed new children): a dehydrated part that receives an update
  // and cannot hydrate at once is rendered afresh by React, showing nothing until it can; it is hydrated now instead.
  const committed = useRef(false);
  if (committed.current && gate && !gate.opened) gate.open();
  useEffect(() => {
    committed.current = true;
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!gate || !element) return;
    const wake = () => gate.open();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), {
      rootMargin,
    });
    observer.observe(element);
    element.addEventListener('focusin', wake);
    element.addEventListener('pointerdown', wake);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', wake);
      element.removeEventListener('pointerdown', wake);
    };
  }, [gate, rootMargin]);
  return (
    <div id={id} ref={ref} className={className} data-hydrate="visible">
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}

/** How many items of a list a phone's first screen can show: they hydrate with the page, the others when near. */
export const FIRST_SCREEN_ITEMS = 3;

/** A list's item: hydrated with the page when it is among the first ones, when it comes near otherwise. */
export function BelowFirstScreen({ index, children }: { index: number; children: ReactNode }) {
  if (index < FIRST_SCREEN_ITEMS) return children;
  return <HydrateWhenVisible className="h-full">{children}</HydrateWhenVisible>;
}
