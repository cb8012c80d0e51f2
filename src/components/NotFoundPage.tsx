import { Link } from '@tanstack/react-router';

export const NOT_FOUND_TEXT = 'This page could not be found';

/** SPEC §2/§8: no match, or a failed validity check: 404 'This page could not be found'. */
export function NotFoundPage({ detail }: { detail?: string }) {
  return (
    <section className="not-found mx-auto max-w-2xl px-4 py-20 text-center" data-status="404">
      <p className="kicker text-piment-dark">Erreur 404</p>
      {detail ? <p className="mt-3 font-display text-3xl font-bold italic">{detail}</p> : null}
      <h1 className="mt-3 font-display text-4xl font-black italic md:text-5xl">{NOT_FOUND_TEXT}</h1>
      <p className="mx-auto mt-6 max-w-md text-lg">La page que vous cherchez a peut-être changé d'adresse, ou n'a jamais existé.</p>
      <Link to="/" className="button-primary mt-10 inline-block">
        Retour à l'accueil
      </Link>
    </section>
  );
}
