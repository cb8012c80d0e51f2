/** The contents that use a library item, each a link to its editor: what to change before the item can go. */
import type { MediaUsage } from '../../api/queries/newsroom.ts';

const formatLabels: Record<MediaUsage['format'], string> = {
  article: 'Article',
  quiz: 'Quiz',
  generator: 'Générateur',
  mosaic: 'Mosaïque',
  contest: 'Concours',
  shopping: 'Shopping',
  instagram: 'Instagram',
  popin: 'Popin',
  newsletter: 'Lettre',
  liveBlog: 'Direct',
  author: 'Auteur',
};

export function MediaUsageList({ usages, label }: { usages: MediaUsage[]; label: string }) {
  return (
    <ul aria-label={label} className="mt-2 grid gap-1">
      {usages.map((u) => (
        <li key={`${u.format}:${u.id}`}>
          <span className="mr-2 rounded bg-encre/10 px-1.5 py-0.5 text-sm font-bold">{formatLabels[u.format]}</span>
          <a href={u.editorPath} className="underline">
            {u.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
