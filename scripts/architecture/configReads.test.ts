import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configReadViolations } from './configReads.ts';
import { readShippedSources } from './sourceFiles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('configuration read once (issue 33)', () => {
  it('names the environment only in src/server/config/', () => {
    const files = readShippedSources(root);
    expect(files.length).toBeGreaterThan(100);
    expect(configReadViolations(files)).toEqual([]);
  });

  it('refuses a read or an environment passed around anywhere else, tests and test support aside', () => {
    const files = [
      { path: 'src/server/newsroom/http/newsroomHandlers.ts', text: 'const env = options.env ?? process.env;' },
      { path: 'src/lib/siteFeatures.ts', text: 'import x from "y";\nexport function f(env: NodeJS.ProcessEnv) {}' },
      { path: 'src/server/config/serverConfig.ts', text: 'readServerConfig(process.env)' },
    ];
    expect(configReadViolations(files)).toEqual([
      'src/server/newsroom/http/newsroomHandlers.ts:1: const env = options.env ?? process.env;',
      'src/lib/siteFeatures.ts:2: export function f(env: NodeJS.ProcessEnv) {}',
    ]);
  });
});
