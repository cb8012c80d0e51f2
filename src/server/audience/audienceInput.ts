/**
 * What one beacon adds (decision 028): whether the request is counted at all (bots, prefetches, Global
 * Privacy Control, the newsroom and previews are not), the device class from the user agent (then the user
 * agent is forgotten), and the counters' keys. Pure functions: the route and the tests share them.
 */
import { isbot } from 'isbot';
import type { AudienceBeaconOutput } from '../../api/generated/zod.ts';
import { audienceSettings } from './audienceSettings.ts';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export type NotCounted = 'bot' | 'prefetch' | 'gpc' | 'staff';

/** What the beacon reads of a request's headers: a Web Request's Headers, or the node:http path's own reader. */
export interface HeaderSource {
  get(name: string): string | null;
}

const PREFETCH = /prefetch|prerender|preview/i;

/** Why a beacon's request is not counted, from its headers alone, or null when it is. */
export function notCountedByHeaders(headers: HeaderSource): NotCounted | null {
  if (headers.get('sec-gpc')?.trim() === '1') return 'gpc';
  if (
    announcesPrefetch(headers.get('sec-purpose')) ||
    announcesPrefetch(headers.get('purpose')) ||
    announcesPrefetch(headers.get('x-purpose'))
  )
    return 'prefetch';
  const agent = headers.get('user-agent') ?? '';
  if (agent.trim() === '' || verdictOf(agent).bot) return 'bot';
  return null;
}

// Each header on its own: the words never span two of them (a space stood between them when they were joined).
const announcesPrefetch = (value: string | null) => value !== null && PREFETCH.test(value);

interface AgentVerdict {
  bot: boolean;
  device: DeviceClass;
}

const verdicts = new Map<string, AgentVerdict>();

/**
 * Whether a user agent is a bot, and its device class, worked out once per distinct agent: the same few
 * browsers send nearly every beacon. Bounded (emptied when full), so a flood of made-up agents costs
 * only the uncached work.
 */
export function verdictOf(agent: string): AgentVerdict {
  const known = verdicts.get(agent);
  if (known) return known;
  if (verdicts.size >= audienceSettings.agentVerdicts) verdicts.clear();
  const verdict = { bot: isbot(agent), device: deviceClass(agent) };
  verdicts.set(agent, verdict);
  return verdict;
}

/** Agents whose verdict is remembered (for the tests of its bound). */
export const rememberedAgents = () => verdicts.size;

/** The newsroom, previews and the API are never pages readers read. */
export function isStaffPath(path: string): boolean {
  return /^\/(admin|apercu|api)(\/|$)/.test(path);
}

/** Mobile, tablet or desktop: the only thing kept of a user agent. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** A path as counted: decoded percent-escapes are not needed, only a bounded, trailing-slash-free form. */
export function countedPath(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

// The day of the last beacon, and the instants it spans: nearly every beacon falls on the day before it.
let dayStart = 0;
let dayEnd = 0;
let dayText = '';

/** The UTC day (YYYY-MM-DD) a beacon is counted on. */
export function dayOf(now: Date): string {
  const at = now.getTime();
  if (!(at >= dayStart && at < dayEnd)) {
    dayText = now.toISOString().slice(0, 10);
    dayStart = Date.parse(`${dayText}T00:00:00.000Z`);
    dayEnd = dayStart + 86_400_000;
  }
  return dayText;
}

/** The referrer's host as counted: '' (direct) stays '(direct)'; the site's own host is an internal navigation. */
export function referrerOf(referrer: string | undefined, siteHosts: readonly string[]): { host: string; internal: boolean } {
  const host = hostForm(referrer ?? '');
  if (host === '') return { host: '(direct)', internal: false };
  return { host, internal: hostForms(siteHosts).includes(host) };
}

const hostForm = (host: string) => host.toLowerCase().replace(/^www\./, '');

// The site's hosts in the compared form, per list: the beacon's counter hands the same list for every beacon.
const siteHostForms = new WeakMap<readonly string[], string[]>();

function hostForms(siteHosts: readonly string[]): string[] {
  let forms = siteHostForms.get(siteHosts);
  if (!forms) {
    forms = siteHosts.map(hostForm);
    siteHostForms.set(siteHosts, forms);
  }
  return forms;
}

/**
 * A search term worth keeping: words only. A term that looks like an address, a phone number or is too
 * long is dropped, so that nothing personal typed in the search box is stored.
 */
export function searchTerm(subject: string): string | null {
  const term = subject.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (term === '' || term.length > 60 || term.includes('@')) return null;
  const digits = term.replace(/\D/g, '').length;
  if (digits >= 5 && digits * 2 >= term.length) return null;
  return term;
}

export interface AudienceIncrements {
  day: string;
  path: string;
  view: { visit: boolean } | null;
  sources: { dimension: 'referrer' | 'source' | 'medium' | 'campaign' | 'device'; value: string }[];
  events: { kind: string; subject: string; step: number }[];
}

/** The counters one accepted beacon bumps (the caller checked headers and path first). */
export function incrementsOf(beacon: AudienceBeaconOutput, userAgent: string, siteHosts: readonly string[], now: Date): AudienceIncrements {
  const path = countedPath(beacon.path);
  const day = dayOf(now);
  const sources: AudienceIncrements['sources'] = [];
  let view: AudienceIncrements['view'] = null;
  if (beacon.view === true) {
    const referrer = referrerOf(beacon.referrer, siteHosts);
    view = { visit: !referrer.internal };
    sources.push({ dimension: 'device', value: verdictOf(userAgent).device });
    // Sources describe visits: an internal navigation came from the site itself.
    if (!referrer.internal) {
      sources.push({ dimension: 'referrer', value: referrer.host });
      for (const dimension of ['source', 'medium', 'campaign'] as const) {
        const value = beacon[dimension]?.trim().toLowerCase();
        if (value) sources.push({ dimension, value });
      }
    }
  }
  const events = (beacon.events ?? []).flatMap((event) => {
    const subject = event.kind === 'search' ? searchTerm(event.subject) : event.subject.trim();
    return subject ? [{ kind: event.kind, subject, step: event.step ?? 0 }] : [];
  });
  return { day, path, view, sources, events };
}
