import { describe, expect, it } from 'vitest';
import { contentSourceConfigFromEnv, SYNC_DEFAULTS } from './contentSourceConfig.ts';
import { readServerConfig, ServerConfigError } from './serverConfig.ts';

const problemOf = (env: NodeJS.ProcessEnv): string => {
  try {
    readServerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ServerConfigError);
    return (error as ServerConfigError).problems.join('\n');
  }
  throw new Error('the configuration was accepted');
};

describe('CONTENT_SOURCE and the sources’ variables (issue 35)', () => {
  it('is piquante by default: nothing else is read', () => {
    expect(readServerConfig({}).contentSource).toEqual({ kind: 'piquante' });
    expect(contentSourceConfigFromEnv({ CONTENT_SOURCE: 'Piquante', WORDPRESS_URL: 'nonsense' })).toEqual({ kind: 'piquante' });
  });

  it('reads a WordPress, with or without an application password', () => {
    expect(contentSourceConfigFromEnv({ CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://blog.exemple.fr/' })).toEqual({
      kind: 'wordpress',
      url: 'https://blog.exemple.fr',
      credentials: null,
      timing: SYNC_DEFAULTS,
    });
    const withPassword = contentSourceConfigFromEnv({
      CONTENT_SOURCE: 'wordpress',
      WORDPRESS_URL: 'http://127.0.0.1:8080/blog',
      WORDPRESS_USER: 'camille',
      WORDPRESS_APP_PASSWORD: 'abcd EFGH ijkl MNOP qrst UVWX',
      SOURCE_POLL_SECONDS: '2',
    });
    expect(withPassword).toMatchObject({
      url: 'http://127.0.0.1:8080/blog',
      credentials: { user: 'camille', password: 'abcdEFGHijklMNOPqrstUVWX' },
      timing: { pollSeconds: 2 },
    });
  });

  it('reads a Ghost with its keys', () => {
    const ghost = contentSourceConfigFromEnv({
      CONTENT_SOURCE: 'ghost',
      GHOST_URL: 'https://ghost.exemple.fr',
      GHOST_CONTENT_API_KEY: '22444f78447824223cefc48062',
      GHOST_ADMIN_API_KEY: `${'a'.repeat(24)}:${'b'.repeat(64)}`,
      SOURCE_WEBHOOK_SECRET: 'un-secret-assez-long',
    });
    expect(ghost).toMatchObject({ kind: 'ghost', adminApiKey: { id: 'a'.repeat(24), secret: 'b'.repeat(64) } });
  });

  it.each([
    [{ CONTENT_SOURCE: 'drupal' }, 'CONTENT_SOURCE'],
    [{ CONTENT_SOURCE: 'wordpress' }, 'WORDPRESS_URL'],
    [{ CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'ftp://blog' }, 'WORDPRESS_URL'],
    [{ CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://u:p@blog.fr' }, 'WORDPRESS_URL'],
    [{ CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://blog.fr', WORDPRESS_USER: 'camille' }, 'WORDPRESS_APP_PASSWORD'],
    [
      { CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://blog.fr', WORDPRESS_APP_PASSWORD: 'abcdEFGHijklMNOPqrstUVWX' },
      'WORDPRESS_USER',
    ],
    [
      { CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://blog.fr', WORDPRESS_USER: 'c', WORDPRESS_APP_PASSWORD: 'x!' },
      'WORDPRESS_APP_PASSWORD',
    ],
    [{ CONTENT_SOURCE: 'wordpress', WORDPRESS_URL: 'https://blog.fr', SOURCE_POLL_SECONDS: '600' }, 'SOURCE_POLL_SECONDS'],
    [{ CONTENT_SOURCE: 'ghost', GHOST_CONTENT_API_KEY: '22444f78447824223cefc48062' }, 'GHOST_URL'],
    [{ CONTENT_SOURCE: 'ghost', GHOST_URL: 'https://g.fr' }, 'GHOST_CONTENT_API_KEY'],
    [{ CONTENT_SOURCE: 'ghost', GHOST_URL: 'https://g.fr', GHOST_CONTENT_API_KEY: 'court' }, 'GHOST_CONTENT_API_KEY'],
    [
      { CONTENT_SOURCE: 'ghost', GHOST_URL: 'https://g.fr', GHOST_CONTENT_API_KEY: '22444f78447824223cefc48062', GHOST_ADMIN_API_KEY: 'x' },
      'GHOST_ADMIN_API_KEY',
    ],
    [
      {
        CONTENT_SOURCE: 'ghost',
        GHOST_URL: 'https://g.fr',
        GHOST_CONTENT_API_KEY: '22444f78447824223cefc48062',
        SOURCE_WEBHOOK_SECRET: 'x',
      },
      'SOURCE_WEBHOOK_SECRET',
    ],
  ])('stops the server at start naming the variable: %j', (env, name) => {
    const problem = problemOf(env as NodeJS.ProcessEnv);
    expect(problem.split('\n')).toHaveLength(1);
    expect(problem).toMatch(new RegExp(`^${name} `));
  });

  it('never puts a key in its sentence', () => {
    const problem = problemOf({
      CONTENT_SOURCE: 'wordpress',
      WORDPRESS_URL: 'https://blog.fr',
      WORDPRESS_USER: 'c',
      WORDPRESS_APP_PASSWORD: 'secret-mot!',
    });
    expect(problem).not.toContain('secret-mot');
  });
});
