import type { ListStatus } from './listState.ts';

/** The 'more' button of paginated lists, with a polite announcement of what was added. */
export function LoadMoreButton({
  status,
  error,
  onClick,
  label,
  announcement,
}: {
  status: ListStatus;
  error: string | null;
  onClick: () => void;
  label: string;
  announcement: string;
}) {
  return (
    <div className="mt-12 flex flex-col items-center gap-3">
      <button
        type="button"
        onClick={onClick}
        disabled={status === 'loading'}
        className="button-primary load-more"
        aria-busy={status === 'loading'}
      >
        {status === 'loading' ? 'Chargement…' : label}
      </button>
      <p role="status" className="text-sm text-encre/80">
        {status === 'error' ? error : announcement}
      </p>
    </div>
  );
}
