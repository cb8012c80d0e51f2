/**
 * The main image's focal point: a click on the preview places it, and two number fields (0–100 %) say
 * and set it from the keyboard. Empty fields: no focal point (readers' crops stay centred).
 */
import type { MouseEvent } from 'react';
import { focalObjectPosition } from '../../components/focalPoint.ts';

export interface FocalPoint {
  focalX?: number;
  focalY?: number;
}

interface Props {
  image: { url: string; width: number; height: number } & FocalPoint;
  onChange: (focal: FocalPoint) => void;
}

const input = 'w-24 rounded border-2 border-encre px-2 py-1';
const toPercent = (fraction: number | undefined) => (fraction === undefined ? '' : String(Math.round(fraction * 100)));

export function FocalPointPicker({ image, onChange }: Props) {
  const set = (focalX: number, focalY: number) =>
    // Whole percents, as the fields show them: what the editor sees is what readers get.
    onChange({ focalX: Math.round(focalX * 100) / 100, focalY: Math.round(focalY * 100) / 100 });

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    set(x, y);
  };

  /** One coordinate typed: the other defaults to the middle, so the pair is always whole. */
  const type = (axis: 'focalX' | 'focalY', raw: string) => {
    if (raw.trim() === '') {
      onChange({});
      return;
    }
    const value = Number(raw);
    if (!Number.isFinite(value)) return;
    const fraction = Math.min(100, Math.max(0, value)) / 100;
    set(axis === 'focalX' ? fraction : (image.focalX ?? 0.5), axis === 'focalY' ? fraction : (image.focalY ?? 0.5));
  };

  const has = image.focalX !== undefined && image.focalY !== undefined;
  return (
    <div className="grid gap-2">
      {/* The keyboard way is the two fields below; this button is a shortcut for the mouse. */}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={place}
        className="relative block w-full cursor-crosshair overflow-hidden rounded p-0"
        data-testid="point-focal-apercu"
      >
        <img src={image.url} alt="" width={image.width} height={image.height} className="block h-auto w-full" />
        {has ? (
          <span
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white shadow-[0_0_0_2px_#1a1a1a]"
            style={{ left: `${(image.focalX ?? 0.5) * 100}%`, top: `${(image.focalY ?? 0.5) * 100}%` }}
          />
        ) : null}
      </button>
      <p className="text-sm">
        Point focal : cliquez sur l’image, ou saisissez sa position. Les recadrages des cartes et de l’article le gardent visible.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1">
          <span className="text-sm font-bold">Point focal horizontal (% depuis la gauche)</span>
          <input
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={toPercent(image.focalX)}
            onChange={(e) => type('focalX', e.target.value)}
            className={input}
          />
        </label>
        <label className="grid gap-1">
          <span className="text-sm font-bold">Point focal vertical (% depuis le haut)</span>
          <input
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={toPercent(image.focalY)}
            onChange={(e) => type('focalY', e.target.value)}
            className={input}
          />
        </label>
        {has ? (
          <button type="button" onClick={() => onChange({})} className="rounded border-2 border-encre px-2 py-1 text-sm font-bold">
            Retirer le point focal
          </button>
        ) : null}
      </div>
      {has ? (
        <div className="grid gap-1">
          <span className="text-sm">Aperçu du recadrage en carré :</span>
          <img
            src={image.url}
            alt=""
            className="aspect-square w-24 rounded object-cover"
            style={{ objectPosition: focalObjectPosition(image) }}
          />
        </div>
      ) : null}
    </div>
  );
}
