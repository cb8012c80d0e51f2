/**
 * What every format's preview page ('/apercu-…/{token}') shares: the banner saying the page is not what readers
 * see, and the message of a link that opens nothing (forged, expired, or its item gone).
 */
import { NotFoundPage } from './NotFoundPage.tsx';

/** « Aperçu — ce générateur n’est pas publié dans cet état. » (`notice`: what follows the dash, agreed). */
export function PreviewBanner({ notice }: { notice: string }) {
  return (
    <p role="status" className="bg-encre px-4 py-2 text-center font-bold text-white">
      Aperçu — {notice}
    </p>
  );
}

export function PreviewNotFound() {
  return <NotFoundPage detail="Ce lien d’aperçu n’est pas valable : il a expiré ou il est incomplet. Demandez-en un nouveau." />;
}
