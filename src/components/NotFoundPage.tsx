import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl">404</h1>
      <p className="mt-4 text-lg">This page could not be found</p>
      <Link to="/" className="mt-8 inline-block underline">
        Retour à l'accueil
      </Link>
    </main>
  );
}
