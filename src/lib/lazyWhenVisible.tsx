/**
 * Server-rendered like everything else, hydrated only when it comes near the viewport (or is focused
 * or touched): the code of below-the-fold widgets (the newsletter form and its captcha) stays off the
 * page's start-up. The server HTML is kept while waiting (a dehydrated Suspense boundary), so
 * nothing moves and the content is readable at once.
 */
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { whenLoadedAndIdle } from './whenLoadedAndIdle.ts';

export interface DeferredComponent<P> {
  Component: ComponentType<P>;
  /** Starts loading the code (idempotent). */
  wake: () => void;
}

/**
 * A lazy component whose code is only requested once `wake()` is called. On the server its code is loaded
 * at once and, once here, rendered as a plain component: a buffered render (renderToString) does not wait
 * for a lazy component, and would otherwise send the first page of a process without it.
 */
export function deferredLazy<P extends object>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  if (typeof window === 'undefined') {
    let loaded: ComponentType<P> | null = null;
    const pending = load().then((component) => {
      loaded = component;
      return { default: component };
    });
    const Pending = lazy(() => pending);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per deferred component, at module evaluation (like lazy()).
    const Component = (props: P) => createElement(loaded ?? Pending, props);
    return { Component, wake: () => {} };
  }
  let wake: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
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

/**
 * Like WhenVisible, for a part whose code can wait for the page's load event wherever it stands (the footer's
 * typewriter, issue 38), and then for an idle moment: the server's HTML is kept until then, without a wrapping
 * element.
 */
export function WhenLoaded({ wake, children }: { wake: () => void; children: ReactNode }) {
  useEffect(() => whenLoadedAndIdle(wake), [wake]);
  return <Suspense fallback={null}>{children}</Suspense>;
}
