/**
 * What a notification carries (encrypted end to end by web push: the push service never reads it). The
 * service worker (src/sw/pushHandlers.ts) shows `title` and `body` and opens `url` on a click; the url is
 * a path of this site, so a payload can never send the reader elsewhere.
 */
import { appConfig } from '../../../app.config.ts';
import type { ArticleDetail } from '../../api/types.ts';

export interface PushPayload {
  title: string;
  body: string;
  /** A path on this site. */
  url: string;
  icon: string;
  /** Same tag: a newer notification about the same article replaces the older one. */
  tag: string;
}

export function articlePayload(article: Pick<ArticleDetail, 'title' | 'subtitle' | 'fullUrl' | 'url'>): PushPayload {
  return {
    title: article.title,
    body: article.subtitle,
    url: article.fullUrl,
    icon: appConfig.push.icon,
    tag: `article:${article.url}`,
  };
}
