/**
 * Loads the analytics tag (its own lazy chunk) only when this deployment has analytics and the reader
 * consents to the analytics vendor, then counts the current page and every client-side navigation.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConsent } from '../lib/consent/consentStore.ts';
import { vendorEnabled } from '../lib/consent/consentState.ts';
import type { AnalyticsSettings } from '../lib/siteFeatures.ts';

export function AnalyticsHost({ settings }: { settings: AnalyticsSettings | null }) {
  const router = useRouter();
  const consented = vendorEnabled(useConsent(), 'analytics');

  useEffect(() => {
    if (!settings || !consented) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void import('../features/analytics/analyticsTag.ts').then(({ startAnalytics }) => {
      if (cancelled) return;
      const tag = startAnalytics(settings);
      tag.trackPageView(window.location.href, document.title);
      unsubscribe = router.subscribe('onResolved', () => {
        // The title is set by the new route's head once it has rendered.
        requestAnimationFrame(() => tag.trackPageView(window.location.href, document.title));
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [settings, consented, router]);
  return null;
}
