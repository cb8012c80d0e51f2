/**
 * A signup and, when it waits for confirmation, its link and mail committed together before the answer:
 * an acknowledged signup always gets its mail, however long the mail server is away (the mail itself is
 * sent by the job workers). Shared by the newsletter's forms and the contests' newsletter box.
 */
import { appConfig } from '../../../app.config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs/jobQueue.server.ts';
import { confirmationMail } from './mailer.server.ts';
import { newsletterLinks } from './newsletterLinks.ts';
import { issueToken, type SignupInput, type SignupResult, signup } from './subscribers.server.ts';

export async function signupWithMail(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  siteUrl: string,
  input: SignupInput,
): Promise<SignupResult> {
  const result = await signup(db, input);
  if (result.kind === 'pending' && result.sendConfirmation) {
    await db.transaction(async (tx) => {
      const link = await issueToken(tx, result.subscriberId, 'confirm', input.now);
      await jobs.enqueue(
        'mail.send',
        confirmationMail(input.email, newsletterLinks(siteUrl).confirm(link), appConfig.newsletter.confirmLinkDays),
        { tx },
      );
    });
  }
  return result;
}
