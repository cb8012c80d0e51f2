/**
 * Readers' side of a format's child items (its declaration's `children`, e.g. a live blog's entries): the
 * items kept up to date while the parent is live. The page asks for what changed since its cursor every
 * `liveBlog.pollSeconds` (not while the tab is hidden, at once when it comes back); new items go on top and
 * are announced once, politely, with their count — focus never moves. Offline, the service worker answers
 * each cursor's poll with its last answer: replayed at once from the page's cursor, what was seen comes back.
 */
import { useEffect, useRef, useState } from 'react';
import { appConfig } from '../../app.config.ts';
import type { ChildDeclaration } from '../formats/formatDeclaration.ts';

interface FeedItem {
  id: number;
  publishedAt: string;
}
/** A poll's answer: the items changed since the cursor, those gone, and the next cursor. */
interface FeedAnswer<Item> {
  entries: Item[];
  removed: number[];
  version: number;
}

/** The items after an update: changed ones replaced, removed ones dropped, new ones counted; newest first. */
export function mergeEntries<Item extends FeedItem>(current: readonly Item[], update: Pick<FeedAnswer<Item>, 'entries' | 'removed'>) {
  const known = new Set(current.map((e) => e.id));
  const changed = new Map(update.entries.map((e) => [e.id, e]));
  const gone = new Set(update.removed);
  const added = update.entries.filter((e) => !known.has(e.id));
  const kept = current.filter((e) => !gone.has(e.id)).map((e) => changed.get(e.id) ?? e);
  const entries = [...added, ...kept].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
  return { entries, added: added.length };
}

/** « 1 nouvelle entrée », « 3 nouveaux billets ». */
export function announcement({ singular, plural, gender }: ChildDeclaration['noun'], count: number) {
  const [one, many] = gender === 'feminine' ? ['nouvelle', 'nouvelles'] : ['nouveau', 'nouveaux'];
  return count === 1 ? `1 ${one} ${singular}` : `${count} ${many} ${plural}`;
}

export function useChildItemsFeed<Item extends FeedItem, Answer extends FeedAnswer<Item>>(
  noun: ChildDeclaration['noun'],
  initial: Answer,
  live: (answer: Answer) => boolean,
  poll: (since: number) => Promise<Answer | null>,
) {
  const [state, setState] = useState({ data: initial, announced: '' });
  const version = useRef(initial.version);
  // The latest poll function without restarting the timer at each render.
  const pollRef = useRef(poll);
  pollRef.current = poll;
  const polling = live(state.data);
  useEffect(() => {
    if (!polling) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const every = appConfig.liveBlog.pollSeconds * 1000;
    const tick = async () => {
      const update = document.visibilityState === 'visible' ? await pollRef.current(version.current) : null;
      if (stopped) return;
      const changed = update !== null && update.version !== version.current;
      if (update && changed) {
        version.current = update.version;
        setState((previous) => {
          const merged = mergeEntries(previous.data.entries, update);
          const data = { ...update, entries: merged.entries };
          if (merged.added === 0) return { data, announced: previous.announced };
          // The same words twice would not be read again: a no-break space tells the two apart.
          const text = announcement(noun, merged.added);
          return { data, announced: text === previous.announced ? `${text}\u00a0` : text };
        });
      }
      timer = setTimeout(tick, navigator.onLine || !changed ? every : 0);
    };
    // Back on the tab: ask at once rather than wait for the next turn.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      void tick();
    };
    timer = setTimeout(tick, navigator.onLine ? every : 0);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [polling, noun]);
  return state;
}
