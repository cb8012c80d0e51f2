/**
 * The server renders a page in one pass (renderToString): an open contest's entry form must be in its HTML from
 * the first render of a process, not left to the browser (React error #419 at hydration, and a page cached
 * without its form).
 */
import { lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contestEntryFormForLazy, loadContestEntryForm } from './contestEntryFormChunk.ts';

const contest = { url: 'gagnez-un-sac', question: 'Quelle couleur ?', questionChoices: ['Rouge', 'Bleu'] };

describe('the contest entry form on the server', () => {
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

  it('once the loader has loaded it, the first render of a new lazy part holds the form', async () => {
    await loadContestEntryForm();
    const Form = lazy(contestEntryFormForLazy);
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
