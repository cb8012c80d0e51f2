/**
 * The media library as a searchable, growing list (every image picker): the first page, then "more" page
 * after page through the whole library; a new search starts over. One image more than a page is asked
 * for, so "Afficher plus d'images" appears only when there is more to show. Answers to an older search are
 * dropped (typing fast must not show the results of a previous word).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type MediaItem, newsroom } from '../../api/queries/newsroom.ts';
import { joinPage, PICKER_MEDIA_PAGE } from './mediaPickerModel.ts';
/** Quiet time after the last key before searching. */
const SEARCH_DELAY_MS = 300;

export interface MediaSearch {
  items: MediaItem[] | null;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** The search whose results are shown. */
  shownQuery: string;
  more: () => void;
  /** Searches at once (Enter in the field) instead of waiting for the pause. */
  searchNow: () => void;
}

export function useMediaSearch(query: string): MediaSearch {
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [shownQuery, setShownQuery] = useState('');
  const generation = useRef(0);
  const latest = useRef(query);
  latest.current = query;

  const load = useCallback(async (q: string, offset: number, previous: MediaItem[]) => {
    const mine = ++generation.current;
    setLoading(true);
    setFailed(false);
    try {
      const page = await newsroom.media(PICKER_MEDIA_PAGE + 1, offset, q);
      if (mine !== generation.current) return;
      const next = joinPage(previous, page);
      setItems(next.items);
      setHasMore(next.hasMore);
      setShownQuery(q);
    } catch {
      if (mine === generation.current) setFailed(true);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void load(query.trim(), 0, []), query.trim() === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, load]);

  const more = useCallback(() => {
    if (items) void load(shownQuery, items.length, items);
  }, [items, shownQuery, load]);
  const searchNow = useCallback(() => void load(latest.current.trim(), 0, []), [load]);

  return { items, hasMore, loading, failed, shownQuery, more, searchNow };
}
