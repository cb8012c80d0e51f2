/**
 * The « Mot de passe oublié ? » job: the lookup of the address happens here, after the answer was sent, so
 * that the answer (and its timing) is the same for an account's address and any other.
 */
import type { Database } from '../../../db/client.ts';
import type { JobHandlers } from '../../jobs/jobKinds.ts';
import type { JobQueue } from '../../jobs/jobQueue.server.ts';
import { issuePasswordReset } from './passwordResets.server.ts';

export interface PasswordResetJobDeps {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The site's public address, for the mail's link. */
  siteUrl: string;
}

export function passwordResetJobHandlers(deps: PasswordResetJobDeps): Pick<JobHandlers, 'staff.password-reset-request'> {
  return {
    async 'staff.password-reset-request'({ email, requestedAt }) {
      await issuePasswordReset(deps.db, deps.jobs, deps.siteUrl, email, new Date(requestedAt));
    },
  };
}
