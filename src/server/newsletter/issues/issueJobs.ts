/** The job handlers of sending an issue (src/server/jobs/jobKinds.ts): start it when due, deliver its runs. */
import type { JobHandlers } from '../../jobs/jobKinds.ts';
import { deliverBatch, type IssueSendDeps, startIssue } from './issueDelivery.ts';

export function issueJobHandlers(deps: IssueSendDeps): Pick<JobHandlers, 'newsletter.issue.start' | 'newsletter.deliver'> {
  return {
    async 'newsletter.issue.start'({ issueId }) {
      const { started, deliveries } = await startIssue(deps, issueId);
      if (started) console.log(`[newsletter] issue ${issueId}: sending to ${deliveries} subscribers`);
    },
    async 'newsletter.deliver'({ issueId, deliveryIds }) {
      await deliverBatch(deps, issueId, deliveryIds);
    },
  };
}
