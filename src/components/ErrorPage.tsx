import type { ErrorComponentProps } from '@tanstack/react-router';
import { Component, type ReactNode, useEffect } from 'react';
import { appConfig } from '../../app.config.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunkReload.ts';
import { statusOf } from '../api/queries/answer.ts';

/** SPEC §2/§8: the error page ('Oops'), with a minimal fallback if rendering it fails in turn. */
export function ErrorPage(props: ErrorComponentProps) {
  return (
    <FallbackBoundary>
      <ErrorContent error={props.error} />
    </FallbackBoundary>
  );
}

function ErrorContent({ error }: { error: unknown }) {
  const status = statusOf(error);
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);
  return (
    <section className="error-page mx-auto max-w-2xl px-4 py-20 text-center" data-status={status}>
      <p className="kicker text-piment-dark">Erreur {status}</p>
      <h1 className="mt-3 font-display text-6xl font-black italic md:text-8xl">Oops</h1>
      <p className="mt-2 font-display text-2xl italic">I did it again.</p>
      <p className="mx-auto mt-6 max-w-lg text-lg">
        Sorry, mais cette page n'existe pas ou une erreur s'est produite. Si le problème persiste, vous pouvez{' '}
        <a className="font-bold text-piment-dark underline" href={`mailto:${appConfig.site.contactEmail}`}>
          nous écrire ici
        </a>
        .
      </p>
      <a href="/" className="button-primary mt-10 inline-block">
        Retour à l'accueil
      </a>
    </section>
  );
}

/** The fallback of SPEC §2: plain markup, no data, a link home. */
export function MinimalErrorFallback() {
  return (
    <section className="error-fallback mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Oops</h1>
      <p className="mt-4">Une erreur s'est produite.</p>
      <p className="mt-4">
        <a href="/" className="underline">
          Retour à l'accueil
        </a>
      </p>
    </section>
  );
}

class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MinimalErrorFallback /> : this.props.children;
  }
}
