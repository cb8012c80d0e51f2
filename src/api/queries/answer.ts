/**
 * Loaders read the contract through the typed client; this turns its answer into data, a 404
 * (unknown item, or a path that fails the contract's validation: the page's validity check), or an
 * error with the HTTP status (errors without a status count as 500, SPEC §8).
 */
import { notFound } from '@tanstack/react-router';

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

interface ClientAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Le contenu est momentanément indisponible.';
}

export function required<T>(answer: ClientAnswer<T>): T {
  if (answer.data !== undefined && answer.error === undefined) return answer.data;
  const status = answer.response.status;
  if (status === 404 || status === 400) throw notFound();
  throw new HttpError(status >= 400 ? status : 500, messageOf(answer.error));
}

/** For secondary blocks (related articles, best-of…): an empty list rather than a failed page. */
export function optional<T, F>(answer: ClientAnswer<T>, fallback: F): T | F {
  return answer.data !== undefined && answer.error === undefined ? answer.data : fallback;
}

/** The HTTP status an error stands for: its own when it has one, else 500. */
export function statusOf(error: unknown): number {
  if (error && typeof error === 'object') {
    const candidate = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined;
    if (typeof candidate === 'number' && candidate >= 400 && candidate <= 599) return candidate;
  }
  return 500;
}
