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
  open: () => void;
}

function createGate(): Gate {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate) use(gate.promise);
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
