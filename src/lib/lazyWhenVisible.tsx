/**
 * Server-rendered like everything else, hydrated only when it comes near the viewport (or is focused
 * or touched): the code of below-the-fold widgets (the newsletter form and its captcha) stays off the
 * page's start-up. The server HTML is kept while waiting (a dehydrated Suspense boundary), so
 * nothing moves and the content is readable at once.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';

export interface DeferredComponent<P> {
  Component: ComponentType<P>;
  /** Starts loading the code (idempotent). */
  wake: () => void;
}

/** A lazy component whose code is only requested once `wake()` is called (at once on the server). */
export function deferredLazy<P extends object>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let wake: () => void = () => {};
  const gate =
    typeof window === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        });
  const Component = lazy(() => gate.then(load).then((component) => ({ default: component })));
  return { Component, wake: () => wake() };
}

export function WhenVisible({ wake, children, rootMargin = '600px 0px' }: { wake: () => void; children: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin },
    );
    observer.observe(element);
    element.addEventListener('focusin', wake);
    element.addEventListener('pointerdown', wake);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', wake);
      element.removeEventListener('pointerdown', wake);
    };
  }, [wake, rootMargin]);
  return (
    <div ref={ref}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
