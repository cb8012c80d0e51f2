/**
 * The popin editor's form as plain data (no React): what the editor shows (a target "the whole site / a
 * category / one article / a path", days, local dates) and the contract's input it becomes, both ways.
 */
import { localInputValue } from '../../lib/frenchDates.ts';
import { appConfig } from '../../../app.config.ts';
import type { AdminPopin, PopinDraftInput, PopinType } from '../../api/queries/newsroomPopins.ts';

export type PartKey = keyof AdminPopin['parts'];
export type TargetKind = 'site' | 'category' | 'article' | 'path';
export type TriggerKind = 'isOpen' | 'isOpenDelay' | 'isClose';

export interface PopinForm {
  name: string;
  type: PopinType;
  target: TargetKind;
  categorySlug: string;
  articlePath: string;
  path: string;
  pathMode: 'exact' | 'prefix';
  priority: string;
  /** `datetime-local` values ('' for none). */
  startsAt: string;
  endsAt: string;
  successDays: string;
  trigger: TriggerKind;
  timeDelay: string;
  parts: Partial<Record<PartKey, string>>;
}

export const typeLabels: Record<PopinType, string> = {
  register_complete: 'Inscription complète',
  register_light: 'Inscription légère',
  register_choice: 'Inscription avec choix de newsletter',
  button: 'Boutons',
  survey: 'Sondage',
};

export const triggerLabels: Record<TriggerKind, string> = {
  isOpen: 'À l’ouverture de la page',
  isOpenDelay: 'Après un délai',
  isClose: 'Quand la lectrice quitte la page (4 s sur mobile)',
};

export const BUTTONS = Array.from({ length: appConfig.popin.maxButtons }, (_, i) => i + 1);
export const CHOICES = [1, 2] as const;
const DAY = 86_400;

/** The parts each type shows (SPEC §3): the others are not sent. */
export function partsShown(type: PopinType): PartKey[] {
  const common: PartKey[] = ['title', 'subtitle', 'description', 'background', 'background_mobile'];
  if (type === 'register_complete' || type === 'register_light') return [...common, 'submit'];
  if (type === 'register_choice') {
    return [...common, 'submit', ...CHOICES.flatMap((n) => [`choice${n}_type`, `choice${n}_description`, `choice${n}_image`] as PartKey[])];
  }
  if (type === 'button') return [...common, ...BUTTONS.flatMap((n) => [`button${n}_text`, `button${n}_url`] as PartKey[])];
  return [...common, ...BUTTONS.map((n) => `button${n}_text` as PartKey), 'thanks'];
}

export function emptyForm(): PopinForm {
  return {
    name: '',
    type: 'register_light',
    target: 'site',
    categorySlug: '',
    articlePath: '',
    path: '/',
    pathMode: 'prefix',
    priority: '0',
    startsAt: '',
    endsAt: '',
    successDays: '30',
    trigger: 'isOpen',
    timeDelay: '5',
    parts: { submit: 'OK', choice1_type: '1', choice2_type: '2' },
  };
}

/** How an existing rule reads in the form: a category when it is one, one article, else a path. */
export function formOf(popin: AdminPopin, categorySlugs: string[]): PopinForm {
  const base = emptyForm();
  const segments = popin.matchPath.split('/').filter(Boolean);
  let target: TargetKind = 'path';
  if (popin.matchPath === '/' && popin.matchMode === 'prefix') target = 'site';
  else if (popin.matchMode === 'prefix' && segments.length === 1 && categorySlugs.includes(segments[0] ?? '')) target = 'category';
  else if (popin.matchMode === 'exact' && segments.length === 2) target = 'article';
  const parts: Partial<Record<PartKey, string>> = {};
  for (const [key, value] of Object.entries(popin.parts)) if (value !== null) parts[key as PartKey] = value;
  const trigger: TriggerKind = popin.trigger.isOpenDelay ? 'isOpenDelay' : popin.trigger.isClose ? 'isClose' : 'isOpen';
  return {
    ...base,
    name: popin.name,
    type: popin.type,
    target,
    categorySlug: target === 'category' ? (segments[0] ?? '') : '',
    articlePath: target === 'article' ? popin.matchPath : '',
    path: popin.matchPath,
    pathMode: popin.matchMode,
    priority: String(popin.priority),
    startsAt: popin.startsAt ? localInputValue(new Date(popin.startsAt)) : '',
    endsAt: popin.endsAt ? localInputValue(new Date(popin.endsAt)) : '',
    successDays: String(Math.round((popin.cookie.successDuration / DAY) * 100) / 100),
    trigger,
    timeDelay: String(popin.trigger.timeDelay || 5),
    parts,
  };
}

/** An article's address as pasted: a whole URL or a path, kept as its path. */
export function articlePathOf(value: string): string {
  const trimmed = value.trim();
  try {
    return new URL(trimmed).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return trimmed.replace(/\/+$/, '') || '/';
  }
}

export function ruleOf(form: PopinForm): { matchPath: string; matchMode: 'exact' | 'prefix' } {
  if (form.target === 'site') return { matchPath: '/', matchMode: 'prefix' };
  if (form.target === 'category') return { matchPath: `/${form.categorySlug}`, matchMode: 'prefix' };
  if (form.target === 'article') return { matchPath: articlePathOf(form.articlePath), matchMode: 'exact' };
  return { matchPath: form.path.trim(), matchMode: form.pathMode };
}

const dateOrNull = (value: string) => (value ? new Date(value).toISOString() : null);

/** The contract's input; numbers the browser could not read go as they are, and the server says why. */
export function inputOf(form: PopinForm): PopinDraftInput {
  const shown = new Set(partsShown(form.type));
  const parts: PopinDraftInput['parts'] = {};
  for (const key of shown) {
    const value = form.parts[key]?.trim();
    parts[key] = value ? value : null;
  }
  return {
    name: form.name,
    type: form.type,
    ...ruleOf(form),
    priority: Number(form.priority || 0),
    startsAt: dateOrNull(form.startsAt),
    endsAt: dateOrNull(form.endsAt),
    successDuration: Math.round(Number(form.successDays || 0) * DAY),
    trigger: {
      isOpen: form.trigger === 'isOpen',
      isOpenDelay: form.trigger === 'isOpenDelay',
      isClose: form.trigger === 'isClose',
      timeDelay: form.trigger === 'isOpenDelay' ? Number(form.timeDelay || 0) : 0,
    },
    parts,
  };
}

/** "Rubrique /mode", "Article /mode/x", "Tout le site": how the list names a rule. */
export function ruleLabel(matchPath: string, matchMode: 'exact' | 'prefix'): string {
  if (matchPath === '/' && matchMode === 'prefix') return 'Tout le site';
  if (matchPath === '/') return 'Page d’accueil';
  return matchMode === 'prefix' ? `${matchPath} et dessous` : `${matchPath} seulement`;
}
