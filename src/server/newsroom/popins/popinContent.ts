/**
 * A popin's fields as the newsroom sends them, checked and normalised (pure: no database): plain text
 * only (no HTML reaches a reader's page), links that are the site's paths or https addresses (never
 * `javascript:` or `data:`; images are the media library's, checked by popinImages with the database), what each of the five types needs (SPEC §3), one trigger, a path rule
 * and a date window that make sense. Also the cookie hash, which changes with the content.
 */
import { createHash } from 'node:crypto';
import { appConfig } from '../../../../app.config.ts';
import * as contract from '../../../api/generated/zod.ts';
import type { PopinDraftInput, PopinParts, PopinTrigger, PopinType } from '../../../api/types.ts';
import { type NewsroomResult, refused } from '../newsroomResult.ts';
import { hasControl } from '../plainFields.ts';

export type PartKey = keyof PopinParts;
export const PART_KEYS = Object.keys(contract.PopinParts.shape) as PartKey[];

const BUTTONS = Array.from({ length: appConfig.popin.maxButtons }, (_, i) => i + 1);
const CHOICES = Array.from({ length: appConfig.popin.choices }, (_, i) => i + 1);

/** What editors read for each part (refusals, revisions, the editor's labels). */
export const PART_LABELS: Record<PartKey, string> = {
  background: 'Image (ordinateur)',
  background_mobile: 'Image (mobile)',
  title: 'Titre',
  subtitle: 'Sous-titre',
  description: 'Description',
  submit: "Bouton d'inscription",
  button1_text: 'Texte du bouton 1',
  button2_text: 'Texte du bouton 2',
  button3_text: 'Texte du bouton 3',
  button4_text: 'Texte du bouton 4',
  button1_url: 'Lien du bouton 1',
  button2_url: 'Lien du bouton 2',
  button3_url: 'Lien du bouton 3',
  button4_url: 'Lien du bouton 4',
  thanks: 'Texte de remerciement',
  choice1_type: 'Newsletter du choix 1',
  choice1_description: 'Texte du choix 1',
  choice1_image: 'Image du choix 1',
  choice2_type: 'Newsletter du choix 2',
  choice2_description: 'Texte du choix 2',
  choice2_image: 'Image du choix 2',
};

const LINK_KEYS = new Set<PartKey>(['button1_url', 'button2_url', 'button3_url', 'button4_url']);
export const IMAGE_KEYS = new Set<PartKey>(['background', 'background_mobile', 'choice1_image', 'choice2_image']);
const CHOICE_TYPE_KEYS = new Set<PartKey>(['choice1_type', 'choice2_type']);

/** A tag, a comment or a doctype: what makes text HTML. Plain "<3" or "a < b" stays text. */
const HTML = /<\s*[a-zA-Z!/?]|&#?[a-zA-Z0-9]+;/;
/** A whole-segment path of the site: '/', '/mode', '/mode/un-article'. */
const MATCH_PATH = /^\/(?:[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*)?$/;

export interface CheckedPopin {
  name: string;
  type: PopinType;
  matchPath: string;
  matchMode: 'exact' | 'prefix';
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
  successDuration: number;
  trigger: PopinTrigger;
  parts: PopinParts;
}

/** Every part present, trimmed, empty as null. */
export function fullParts(given: Partial<Record<PartKey, string | null | undefined>>): PopinParts {
  const parts = {} as Record<PartKey, string | null>;
  for (const key of PART_KEYS) {
    const value = given[key];
    parts[key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  }
  return parts as PopinParts;
}

/**
 * A link readers may follow: a path of the site, an https:// address, or a mailto: address.
 * Read by the letter before the URL parser (issue 34, part 6): it takes `https:evil.example` and
 * `https:/evil.example` for https://evil.example/, which is not what the editor sees written; plain http
 * is refused, as documented (a reader's click must not leave TLS).
 */
function safeAddress(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  const https = /^https:\/\/[^/?#@]/i.test(value);
  const mailto = /^mailto:[^@/?#:]+@[^@/?#:]+(\?.*)?$/i.test(value);
  if (!https && !mailto) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (https) return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  return url.protocol === 'mailto:';
}

function checkPart(key: PartKey, value: string): string | null {
  const label = PART_LABELS[key];
  if (LINK_KEYS.has(key)) {
    return safeAddress(value)
      ? null
      : `« ${label} » doit être un chemin du site (/…), une adresse https:// ou mailto: ; « javascript: » et les autres protocoles sont refusés.`;
  }
  // Images are checked against the media library (popinImages, with the database), not here.
  if (IMAGE_KEYS.has(key)) return null;
  if (CHOICE_TYPE_KEYS.has(key)) {
    return appConfig.newsletter.types[Number(value)] !== undefined && /^\d+$/.test(value)
      ? null
      : `« ${label} » doit être une newsletter existante (${Object.keys(appConfig.newsletter.types).join(' ou ')}).`;
  }
  if (HTML.test(value)) return `« ${label} » ne peut pas contenir de HTML : écrivez du texte simple.`;
  if (hasControl(value, key === 'description')) {
    return `« ${label} » contient un caractère invisible ou un retour à la ligne non autorisé.`;
  }
  return null;
}

const buttonsOf = (parts: PopinParts) =>
  BUTTONS.map((n) => ({
    n,
    text: parts[`button${n}_text` as PartKey],
    url: parts[`button${n}_url` as PartKey],
  }));

/** What each type needs (SPEC §3/§4): buttons for button and survey popins, two distinct newsletters for a choice. */
function checkType(type: PopinType, parts: PopinParts): NewsroomResult<never> | null {
  const buttons = buttonsOf(parts);
  const orphan = buttons.find((b) => b.url !== null && b.text === null);
  if (orphan) return refused.bad(`Le bouton ${orphan.n} a un lien mais pas de texte.`, `parts.button${orphan.n}_text`);
  const withText = buttons.filter((b) => b.text !== null);
  if (type === 'button' && withText.length === 0) {
    return refused.bad('Une popin à boutons a besoin d’au moins un bouton avec un texte.', 'parts.button1_text');
  }
  if (type === 'survey') {
    if (withText.length < 2) return refused.bad('Un sondage a besoin d’au moins deux réponses (boutons 1 à 4).', 'parts.button2_text');
    const linked = withText.find((b) => b.url !== null);
    if (linked) return refused.bad(`Les réponses d’un sondage n’ont pas de lien (bouton ${linked.n}).`, `parts.button${linked.n}_url`);
  }
  if (type === 'register_choice') {
    for (const n of CHOICES) {
      if (parts[`choice${n}_type` as PartKey] === null) {
        return refused.bad(`Indiquez la newsletter du choix ${n}.`, `parts.choice${n}_type`);
      }
    }
    if (parts.choice1_type === parts.choice2_type) {
      return refused.bad('Les deux choix doivent proposer deux newsletters différentes.', 'parts.choice2_type');
    }
  }
  return null;
}

function checkTrigger(trigger: PopinTrigger): NewsroomResult<PopinTrigger> {
  const on = [trigger.isOpen, trigger.isOpenDelay, trigger.isClose].filter(Boolean).length;
  if (on !== 1) {
    return refused.bad(
      'Choisissez un seul déclencheur : à l’ouverture de la page, après un délai, ou quand la lectrice quitte la page.',
      'trigger',
    );
  }
  if (trigger.isOpenDelay && (trigger.timeDelay < 1 || trigger.timeDelay > 3600)) {
    return refused.bad('Indiquez le délai d’apparition en secondes (de 1 à 3600).', 'trigger.timeDelay');
  }
  return { ok: true, value: { ...trigger, timeDelay: trigger.isOpenDelay ? trigger.timeDelay : 0 } };
}

function dateOf(value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function checkPopinInput(input: PopinDraftInput): NewsroomResult<CheckedPopin> {
  const name = input.name.trim();
  if (name === '') return refused.bad('Donnez un nom à la popin (il ne se voit que dans la rédaction).', 'name');
  if (HTML.test(name) || hasControl(name, false)) return refused.bad('Le nom ne peut pas contenir de HTML.', 'name');
  if (!MATCH_PATH.test(input.matchPath)) {
    return refused.bad(
      'Le chemin visé commence par / et ne contient que des minuscules, chiffres et tirets, sans / final (ex. / , /mode ou /mode/un-article).',
      'matchPath',
    );
  }
  const parts = fullParts(input.parts);
  for (const key of PART_KEYS) {
    const value = parts[key];
    if (value === null) continue;
    const problem = checkPart(key, value);
    if (problem) return refused.bad(problem, `parts.${key}`);
  }
  const typeProblem = checkType(input.type, parts);
  if (typeProblem) return typeProblem;
  const trigger = checkTrigger(input.trigger);
  if (!trigger.ok) return trigger;
  const startsAt = dateOf(input.startsAt);
  const endsAt = dateOf(input.endsAt);
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    return refused.bad('La fin de diffusion doit venir après son début.', 'endsAt');
  }
  return {
    ok: true,
    value: {
      name,
      type: input.type,
      matchPath: input.matchPath,
      matchMode: input.matchMode,
      priority: input.priority ?? 0,
      startsAt,
      endsAt,
      successDuration: input.successDuration,
      trigger: trigger.value,
      parts,
    },
  };
}

/** What readers see of a popin, in a stable order: a change here is a change of content. */
export function contentKey(type: string, parts: PopinParts): string {
  return JSON.stringify([type, PART_KEYS.map((key) => parts[key] ?? null)]);
}

/**
 * The dismissal cookie's hash (`regie_{hash}`) for a content: new for each content change (the id and the
 * version make it unique, so a reader who closed the old version sees the new one), the same otherwise.
 */
export function cookieHashFor(id: number, version: number, type: string, parts: PopinParts): string {
  return createHash('sha256')
    .update(`popin:${id}:${version}:${contentKey(type, parts)}`)
    .digest('base64url')
    .slice(0, 16);
}
