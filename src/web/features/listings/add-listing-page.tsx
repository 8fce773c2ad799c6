import '#shared/i18n/compiled/areas/listings.ts';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { ListingForm } from './components/listing-form.tsx';

/** /add-listing: posts a listing with photos and returns to /roommates (docs/screens.md, Create screens). */
export function AddListingPage() {
  const t = useT();
  const { data: user } = useUser();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('listings.add.title')}
        back={{ to: '/roommates', label: t('listings.backToListings') }}
        threshold={20}
      />
      {user ? <ListingForm user={user} /> : <PageSpinner />}
    </div>
  );
}
