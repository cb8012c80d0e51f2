import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importRuleViolations, readImportGraph } from './importRules.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function graphOf(edges: Record<string, string[]>, packages: Record<string, string[]> = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [from, to] of Object.entries(edges)) graph.set(from, { local: to, packages: packages[from] ?? [] });
  for (const to of [...Object.values(edges).flat(), ...Object.keys(packages)]) {
    if (!graph.has(to)) graph.set(to, { local: [], packages: packages[to] ?? [] });
  }
  return graph;
}

describe('import rules (docs/architecture.md)', () => {
  it('hold in src/', () => {
    const graph = readImportGraph(root);
    expect(graph.size).toBeGreaterThan(100);
    expect(importRuleViolations(graph)).toEqual([]);
  });

  it('refuse a feature importing another feature', () => {
    const graph = graphOf({ 'src/features/popin/Popin.tsx': ['src/features/signup/useSignup.ts'] });
    expect(importRuleViolations(graph)).toEqual([
      'feature imports another feature: src/features/popin/Popin.tsx -> src/features/signup/useSignup.ts',
    ]);
  });

  it('refuse components importing a feature, the composition root or a route', () => {
    const graph = graphOf({
      'src/components/Card.tsx': ['src/features/search/searchParam.ts', 'src/app/SiteChrome.tsx', 'src/routes/index.tsx'],
    });
    expect(importRuleViolations(graph)).toHaveLength(3);
  });

  it('refuse UI importing the server or the database, and the server importing React or UI', () => {
    const graph = graphOf(
      {
        'src/routes/index.tsx': ['src/server/articles/articles.server.ts'],
        'src/features/quiz/quizMachine.ts': ['src/db/client.ts'],
        'src/server/http/page.ts': ['src/components/Card.tsx'],
      },
      { 'src/server/http/page.ts': ['react-dom/server'], 'src/db/client.ts': ['@tanstack/react-router'] },
    );
    expect(importRuleViolations(graph)).toEqual([
      'UI imports server code: src/features/quiz/quizMachine.ts -> src/db/client.ts',
      'UI imports server code: src/routes/index.tsx -> src/server/articles/articles.server.ts',
      'server imports React: src/db/client.ts -> @tanstack/react-router',
      'server imports React: src/server/http/page.ts -> react-dom/server',
      'server imports UI code: src/server/http/page.ts -> src/components/Card.tsx',
    ]);
  });

  it('let the server use shared libraries only while none brings React along', () => {
    const graph = graphOf(
      {
        'src/server/newsletter/captcha.test.ts': ['src/lib/altcha/altchaSolver.ts'],
        'src/server/seo/page.ts': ['src/lib/seo/head.ts'],
        'src/lib/seo/head.ts': ['src/lib/lazy.tsx'],
      },
      { 'src/lib/lazy.tsx': ['react'] },
    );
    expect(importRuleViolations(graph)).toEqual(['server reaches React: src/server/seo/page.ts -> src/lib/lazy.tsx -> react']);
  });

  it('keep the e-mails in their lane: the mail input types only, and neither the server nor UI importing them', () => {
    const types = 'src/server/newsletter/issues/issueMailTypes.ts';
    const mail = 'src/mail/newsletterIssueMail.tsx';
    const graph = graphOf(
      {
        [mail]: [types, 'src/lib/seo/head.ts', 'src/db/client.ts', 'src/server/newsletter/issues/issueDelivery.ts'],
        'src/mail/otherMail.tsx': ['src/components/Card.tsx', 'src/server/http/page.ts'],
        'src/server/http/page.ts': ['src/db/schema.ts'],
        'src/server/newsletter/issues/issueSender.ts': [mail],
        'src/server/newsletter/issues/issueDelivery.test.ts': [mail],
        'src/features/newsroom/Preview.tsx': [mail],
        'src/server.ts': [mail],
        'src/testing/testApiHandler.ts': [mail],
      },
      { [mail]: ['@react-email/components', 'react'] },
    );
    expect(importRuleViolations(graph)).toEqual([
      'UI imports the mail: src/features/newsroom/Preview.tsx -> src/mail/newsletterIssueMail.tsx',
      'server imports the mail: src/server/newsletter/issues/issueSender.ts -> src/mail/newsletterIssueMail.tsx',
      'server reaches React: src/server/newsletter/issues/issueSender.ts -> src/mail/newsletterIssueMail.tsx -> @react-email/components',
      'the mail imports a component: src/mail/otherMail.tsx -> src/components/Card.tsx',
      'the mail imports server code: src/mail/newsletterIssueMail.tsx -> src/db/client.ts',
      'the mail imports server code: src/mail/newsletterIssueMail.tsx -> src/server/newsletter/issues/issueDelivery.ts',
      'the mail imports server code: src/mail/otherMail.tsx -> src/server/http/page.ts',
      'the mail reaches the database: src/mail/newsletterIssueMail.tsx -> src/db/client.ts',
      'the mail reaches the database: src/mail/otherMail.tsx -> src/db/schema.ts',
    ]);
  });

  it('find every import cycle, the generated route tree aside', () => {
    const graph = graphOf({
      'src/lib/a.ts': ['src/lib/b.ts'],
      'src/lib/b.ts': ['src/lib/c.ts'],
      'src/lib/c.ts': ['src/lib/a.ts'],
      'src/lib/self.ts': ['src/lib/self.ts'],
      'src/routeTree.gen.ts': ['src/routes/index.tsx'],
      'src/routes/index.tsx': ['src/routeTree.gen.ts'],
    });
    expect(importRuleViolations(graph)).toEqual([
      'import cycle: src/lib/a.ts -> src/lib/b.ts -> src/lib/c.ts',
      'import cycle: src/lib/self.ts',
    ]);
  });

  it('refuse calling the contract outside src/api/queries', () => {
    const graph = graphOf({
      'src/features/newsroom/newsroomClient.ts': ['src/api/client.ts'],
      'src/api/queries/newsroom.ts': ['src/api/client.ts'],
    });
    expect(importRuleViolations(graph)).toEqual([
      'the contract is called outside src/api/queries: src/features/newsroom/newsroomClient.ts -> src/api/client.ts',
    ]);
  });

  it('keep lib, the service worker and the inspector in their lanes, and test support out of shipped code', () => {
    const graph = graphOf(
      {
        'src/lib/seo/head.ts': ['src/features/search/searchParam.ts'],
        'src/sw/sw.ts': ['src/components/Card.tsx', 'src/server/http/pageCache.ts'],
        'src/qa/InspectorPage.tsx': ['src/routes/index.tsx', 'src/db/client.ts'],
        'src/server/http/router.ts': ['src/testing/testDatabase.ts'],
        'src/server/http/router.test.ts': ['src/testing/testDatabase.ts'],
      },
      { 'src/sw/sw.ts': ['react'] },
    );
    expect(importRuleViolations(graph)).toEqual([
      'UI imports server code: src/qa/InspectorPage.tsx -> src/db/client.ts',
      'UI imports server code: src/sw/sw.ts -> src/server/http/pageCache.ts',
      'lib imports a feature: src/lib/seo/head.ts -> src/features/search/searchParam.ts',
      'test support imported by shipped code: src/server/http/router.ts -> src/testing/testDatabase.ts',
      'the inspector imports a route: src/qa/InspectorPage.tsx -> src/routes/index.tsx',
      'the service worker imports React: src/sw/sw.ts -> react',
      'the service worker imports a component: src/sw/sw.ts -> src/components/Card.tsx',
    ]);
  });

  it('let the server and UI both read the formats’ declarations, which import nothing but plain data', () => {
    const graph = graphOf(
      {
        'src/server/newsroom/http/quotationHandlers.ts': ['src/formats/quotationFormat.ts'],
        'src/features/newsroom/FormatListPage.tsx': ['src/formats/quotationFormat.ts'],
        'src/formats/quotationFormat.ts': ['src/formats/formatDeclaration.ts', 'src/db/schema.ts'],
        'src/formats/formatDeclaration.ts': ['src/api/generated/operations.ts', 'src/features/newsroom/newsroomLabels.ts'],
      },
      { 'src/formats/formatWords.ts': ['react'] },
    );
    expect(importRuleViolations(graph)).toEqual([
      "the formats' declarations import a package: src/formats/formatWords.ts -> react",
      "the formats' declarations import more than plain data: src/formats/formatDeclaration.ts -> src/features/newsroom/newsroomLabels.ts",
      "the formats' declarations import more than plain data: src/formats/quotationFormat.ts -> src/db/schema.ts",
    ]);
  });
});
