import { deleteStaleRateLimits } from '../../auth/rate-limit.ts';
import { deleteExpiredSessions } from '../../auth/sessions.ts';
import type { ScheduledJob } from '../../jobs/scheduler.ts';
import { deleteOldFailedMail } from '../../mail/outbox.ts';
import { deleteOldEmailChanges } from './email-queries.ts';
import { deleteOldPasswordResets } from './password-queries.ts';

/**
 * What accounts leave behind that no longer counts: ended sessions, old limits, reset and
 * e-mail change links, and the records of e-mails refused long ago.
 */
export const accountJobs: readonly ScheduledJob[] = [
  {
    name: 'forget-expired-account-records',
    async run({ db, now }) {
      await deleteExpiredSessions(db);
      await deleteStaleRateLimits(db, now());
      await deleteOldPasswordResets(db, now());
      await deleteOldEmailChanges(db, now());
      await deleteOldFailedMail(db, now());
    },
  },
];
