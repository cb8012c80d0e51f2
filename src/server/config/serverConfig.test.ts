import { describe, expect, it } from 'vitest';
import { readServerConfig, ServerConfigError } from './serverConfig.ts';

describe('the server configuration, read once at boot', () => {
  it('has working defaults: the embedded database, seeded, the scheduler every 30 s', () => {
    const config = readServerConfig({ DATA_DIR: '/tmp/piquante-config-test' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/tmp/piquante-config-test' });
    expect(config.seedDemo('pglite')).toBe(true);
    expect(config.seedDemo('postgres')).toBe(false);
    expect(config.schedulerSeconds).toBe(30);
    expect(config.newsroom.testClock).toBe(false);
  });

  it('lists every problem at once, naming each variable, before anything starts', () => {
    let error: unknown;
    try {
      readServerConfig({
        PORT: 'quatre-vingts',
        WORKERS: '0',
        SEED_DEMO: 'peut-être',
        NEWSROOM_SCHEDULER_SECONDS: '-5',
        DATABASE_URL: 'mysql://localhost/piquante',
        SIGNUP_RATE_LIMIT: 'beaucoup',
        NEWSROOM_TEST_CLOCK: '1',
        NODE_ENV: 'production',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ServerConfigError);
    const problems = (error as ServerConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'WORKERS',
      'SEED_DEMO',
      'NEWSROOM_SCHEDULER_SECONDS',
      'DATABASE_URL',
      'SIGNUP_RATE_LIMIT',
      'NEWSROOM_TEST_CLOCK',
    ]) {
      expect(problems, name).toContain(name);
    }
  });

  it('reads the switches both ways', () => {
    expect(readServerConfig({ SEED_DEMO: '0' }).seedDemo('pglite')).toBe(false);
    expect(readServerConfig({ SEED_DEMO: 'on', DATABASE_URL: 'postgres://127.0.0.1/x' }).seedDemo('postgres')).toBe(true);
  });
});
