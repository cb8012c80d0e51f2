/**
 * The job handlers a test works with: the ones it gives, every other kind of job taken and done without doing
 * anything — so that a new kind of job (one line in jobKinds.ts) adds no line to the tests that do not use it.
 */
import { type JobHandlers, jobKinds } from '../server/jobs/jobKinds.ts';

export function testJobHandlers(handlers: Partial<JobHandlers>): JobHandlers {
  const idle = Object.fromEntries(Object.keys(jobKinds).map((name) => [name, async () => {}]));
  return { ...idle, ...handlers } as JobHandlers;
}
