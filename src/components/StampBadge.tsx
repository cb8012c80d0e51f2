import type { Stamp } from '../api/types.ts';

/** SPEC §2: article cards carry category stamps. Labels and colours of each stamp. */
const stamps: Record<Stamp, { label: string; className: string }> = {
  bestof: { label: 'Best of', className: 'bg-piment text-white' },
  crush: { label: 'Crush', className: 'bg-rose-700 text-white' },
  wtf: { label: 'WTF', className: 'bg-yellow-300 text-encre' },
  collab: { label: 'Collab', className: 'bg-encre text-white' },
  gaming: { label: 'Gaming', className: 'bg-violet-700 text-white' },
  hotaf: { label: 'Hot AF', className: 'bg-orange-600 text-encre' },
};

export function stampLabel(stamp: Stamp): string {
  return stamps[stamp].label;
}

export function StampBadge({ stamp, className = '' }: { stamp: Stamp; className?: string }) {
  const { label, className: colours } = stamps[stamp];
  return (
    <span className={`stamp ${colours}${className ? ` ${className}` : ''}`} data-stamp={stamp}>
      {label}
    </span>
  );
}
