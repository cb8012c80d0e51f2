/** Tests that need a Redis server: its URL (TEST_REDIS_URL, else the local default) and whether it answers. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisReachable(url: string = testRedisUrl): Promise<boolean> {
  const { createClient } = await import('redis');
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the Redis tests run: where Redis answers, and always in CI (.ci/run starts it), where a missing
 * Redis must fail the run rather than quietly skip what it tests.
 */
export async function redisTestsRun(url: string = testRedisUrl): Promise<boolean> {
  return process.env.CI === 'true' || (await redisReachable(url));
}
