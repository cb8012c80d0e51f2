/**
 * False in the server's HTML and during hydration, true once the component runs in the browser. Buttons that
 * need the page's JavaScript (a captcha to solve, a machine to start) stay disabled until then, so an early
 * click never falls back to a native submit the server cannot answer for a person.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
