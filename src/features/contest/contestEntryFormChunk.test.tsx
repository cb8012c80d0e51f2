/**
 * The server renders a page in one pass (renderToString): a part in a chunk of its own (an open contest's entry
 * form, a live source's page) must be in the HTML from the first render of a process, not left to the browser
 * (React error #419 at hydration, and a page cached without it).
 */
import { lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contestEntryForm } from './contestEntryFormChunk.ts';

const contest = { url: 'gagnez-un-sac', question: 'Quelle couleur ?', questionChoices: ['Rouge', 'Bleu'] };

describe('serverReadyLazy: a lazy part on the server', () => {
  it('a plain React.lazy part is left to the browser on its first one-pass render (what the loader prevents)', () => {
    const Plain = lazy(() => import('./ContestEntryForm.tsx').then((module) => ({ default: module.ContestEntryForm })));
    const html = renderToString(
      <Suspense fallback={null}>
        <Plain contest={contest} />
      </Suspense>,
    );
    expect(html).toContain('<!--$!-->');
    expect(html).not.toContain('<form');
  });

  it('once its loader has awaited load(), the first one-pass render holds the form', async () => {
    await contestEntryForm.load();
    const Form = contestEntryForm.Component;
    const html = renderToString(
      <Suspense fallback={null}>
        <Form contest={contest} />
      </Suspense>,
    );
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('<form');
    expect(html).toContain('Quelle couleur ?');
  });
});
