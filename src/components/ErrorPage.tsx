import type { ErrorComponentProps } from '@tanstack/react-router';
import { appConfig } from '../../app.config.ts';

export function ErrorPage(_props: ErrorComponentProps) {
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl">Oops</h1>
      <p className="mt-2 text-xl">I did it again.</p>
      <p className="mt-4">
        Sorry, mais cette page n'existe pas ou une erreur s'est produite. Si le problème persiste, vous pouvez{' '}
        <a className="underline" href={`mailto:${appConfig.site.contactEmail}`}>
          nous écrire ici
        </a>
        .
      </p>
    </main>
  );
}
