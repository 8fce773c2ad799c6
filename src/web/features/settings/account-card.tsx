import { format } from 'date-fns';
import type { PublicUser } from '#shared/accounts/api.ts';
import { cardStyles, mutedText } from '../../components/ui.ts';

function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'Unknown' : format(date, 'MMMM d, yyyy');
}

export function AccountCard({ user }: { user: PublicUser }) {
  return (
    <section aria-labelledby="account-title" className={`${cardStyles} space-y-3`}>
      <h2 id="account-title" className="font-semibold text-lg">
        Account details
      </h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className={mutedText}>User ID</dt>
          <dd className="break-all font-mono">{user.id}</dd>
        </div>
        <div>
          <dt className={mutedText}>Member since</dt>
          <dd>{memberSince(user.createdAt)}</dd>
        </div>
      </dl>
    </section>
  );
}
