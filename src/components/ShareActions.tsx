import { useEffect, useState } from 'react';
import { ShareLinks } from './ShareLinks.tsx';

type CopyStatus = 'idle' | 'copied' | 'failed';

const copyMessages: Record<CopyStatus, string> = {
  idle: '',
  copied: 'Lien copié !',
  failed: "Impossible de copier le lien : copiez-le depuis la barre d'adresse.",
};

/** Old browsers and non-secure pages have no async clipboard: a hidden field and the copy command. */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } finally {
    field.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the older way below.
  }
  return copyWithSelection(text);
}

/**
 * Share actions (quiz results, repartee replies): the system share sheet where the browser has the Web
 * Share API, otherwise links to each network; and a copy-link button with a French confirmation.
 */
export function ShareActions({ url, title, text }: { url: string; title: string; text?: string }) {
  const [canShare, setCanShare] = useState(false);
  const [copy, setCopy] = useState<CopyStatus>('idle');

  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
  }, []);
  // A new address to share: the old confirmation no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on url change only
  useEffect(() => setCopy('idle'), [url]);

  return (
    <div className="share-actions flex flex-col items-center gap-3">
      <div className="flex flex-wrap items-center justify-center gap-3">
        {canShare ? (
          <button
            type="button"
            className="button-primary"
            onClick={() => {
              navigator.share({ url, title, text }).catch(() => {});
            }}
          >
            Partager
          </button>
        ) : (
          <ShareLinks url={url} title={text ? `${title} : ${text}` : title} />
        )}
        <button
          type="button"
          className="button-outline copy-link"
          onClick={async () => setCopy((await copyText(url)) ? 'copied' : 'failed')}
        >
          Copier le lien
        </button>
      </div>
      <p role="status" className="min-h-6 text-sm font-bold text-encre/85">
        {copyMessages[copy]}
      </p>
    </div>
  );
}
