import { deleteStaleRateLimits } from '../../auth/rate-limit.ts';
import { deleteExpiredSessions } from '../../auth/sessions.ts';
import type { ScheduledJob } from '../../jobs/scheduler.ts';
import { deleteOldPasswordResets } from './password-queries.ts';

/** What accounts leave behind that no longer counts: ended sessions, old limits and reset links. */
export const accountJobs: readonly ScheduledJob[] = [
  {
    name: 'forget-expired-account-records',
    async run({ db, now }) {
      await deleteExpiredSessions(db);
      await deleteStaleRateLimits(db, now());
      await deleteOldPasswordResets(db, now());
    },
  },
];
