/** Demo marketing popins: their illustrations, every part the contract lists, and a stable cookie. */
import { svgImageUrl } from '../../../media/svgImage.ts';
import { POPIN_DEFS } from '../data/popins.ts';
import { type DemoPopin, type DemoPopinParts, POPIN_PART_KEYS } from '../types.ts';
import { hashKey } from './random.ts';

const DAY_SECONDS = 24 * 3600;

/** Every part of the contract, null unless the popin fills it. */
function parts(values: Partial<DemoPopinParts>): DemoPopinParts {
  const all = Object.fromEntries(POPIN_PART_KEYS.map((key) => [key, null])) as DemoPopinParts;
  return { ...all, ...values };
}

export function buildDemoPopins(): DemoPopin[] {
  return POPIN_DEFS.map((def) => {
    const images = Object.fromEntries(Object.entries(def.images).map(([part, key]) => [part, svgImageUrl('popin', key)]));
    return {
      matchPath: def.matchPath,
      matchMode: def.matchMode,
      priority: def.priority,
      type: def.type,
      cookie: { hash: hashKey(`popin/${def.type}${def.matchPath}`).toString(36), successDuration: def.successDays * DAY_SECONDS },
      popin: def.trigger,
      parts: parts({ ...def.texts, ...images }),
    };
  });
}
