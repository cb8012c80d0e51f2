/**
 * The newsletter's background jobs (src/server/jobs/jobKinds.ts): sending a queued mail, and answering an
 * unsubscribe request. A mail server that is down or slow fails the job, which pg-boss tries again with
 * back-off; a 5xx refusal ends it at once.
 */
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import { type JobHandlers, PermanentJobError } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { isPermanentMailFailure, type Mailer, unsubscribeRequestMail } from './mailer.server.ts';
import { newsletterLinks } from './newsletterLinks.ts';
import { findSubscribed, issueToken } from './subscribers.server.ts';

export interface NewsletterJobDeps {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Mailer;
  siteUrl: string;
}

export function newsletterJobHandlers(deps: NewsletterJobDeps): Pick<JobHandlers, 'mail.send' | 'newsletter.unsubscribe-request'> {
  const links = newsletterLinks(deps.siteUrl);
  return {
    async 'mail.send'(message) {
      try {
        await deps.mailer.send(message);
      } catch (error) {
        if (isPermanentMailFailure(error)) throw new PermanentJobError(`refused by the mail server: ${(error as Error).message}`);
        throw error;
      }
    },

    async 'newsletter.unsubscribe-request'({ email, requestedAt }) {
      const subscriber = await findSubscribed(deps.db, email);
      if (!subscriber) return;
      // The link and its mail in one transaction: a link never exists without the mail that carries it.
      await deps.db.transaction(async (tx) => {
        const token = await issueToken(tx, subscriber.id, 'unsubscribe', new Date(requestedAt));
        await deps.jobs.enqueue(
          'mail.send',
          unsubscribeRequestMail(email, links.unsubscribe(token), appConfig.newsletter.unsubscribeLinkDays),
          { tx },
        );
      });
    },
  };
}
