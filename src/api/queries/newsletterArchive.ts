/**
 * The newsletter's public archive through the contract: the issues already sent, and one issue's web
 * version (its articles as cards). Loaded by the '/lettres' routes only (a dynamic import): article pages
 * never download these calls.
 */
import { notFound } from '@tanstack/react-router';
import { appConfig } from '../../../app.config.ts';
import { api } from '../client.ts';
import type { NewsletterArchiveIssue, NewsletterArchiveItem } from '../types.ts';
import { required } from './answer.ts';

const limit = appConfig.pagination.defaultLimit;

export async function fetchNewsletterArchive(offset: number): Promise<NewsletterArchiveItem[]> {
  return required(await (await api()).GET('/api/newsletters', { params: { query: { limit, offset } } })).results;
}

/** '/lettres/{id}': an issue that was sent; anything else (unknown, not sent, not a number) is a 404. */
export async function loadNewsletterArchiveIssue(id: string): Promise<NewsletterArchiveIssue> {
  const number = Number(id);
  if (!/^[1-9]\d{0,9}$/.test(id) || number > 2_147_483_647) throw notFound();
  return required(await (await api()).GET('/api/newsletters/{id}', { params: { path: { id: number } } }));
}
