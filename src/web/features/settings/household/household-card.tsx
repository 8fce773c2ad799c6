import '#shared/i18n/compiled/areas/settings.ts';
import type { PublicUser } from '#shared/accounts/api.ts';
import type { Household } from '#shared/households/api.ts';
import { cardStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { CurrencyForm } from './currency-form.tsx';
import { HouseholdActions } from './household-actions.tsx';
import { HouseholdNameForm } from './household-name-form.tsx';
import { InviteSection } from './invite-section.tsx';
import { MembersList } from './members-list.tsx';
import { RentForm } from './rent-form.tsx';

const divider = 'border-slate-200 border-t pt-5 dark:border-slate-800';

/** Settings → Household Information, for members of a household (docs/households.md, Household settings). */
export function HouseholdCard({ household, user }: { household: Household; user: PublicUser }) {
  const t = useT();
  return (
    <section aria-labelledby="household-info-title" className={`${cardStyles} space-y-5`}>
      <h2 id="household-info-title" className="font-semibold text-lg">
        {t('settings.household.title')}
      </h2>
      <HouseholdNameForm key={household.id} household={household} />
      <div className={divider}>
        <InviteSection household={household} />
      </div>
      <div className={divider}>
        <CurrencyForm key={household.id} household={household} />
      </div>
      <div className={divider}>
        <RentForm key={`${household.id}-${household.currency}`} household={household} />
      </div>
      <div className={divider}>
        <MembersList household={household} viewerId={user.id} />
      </div>
      <div className={divider}>
        <HouseholdActions household={household} viewerId={user.id} />
      </div>
    </section>
  );
}
