import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useUser } from '../auth/index.ts';
import { ListingForm } from './components/listing-form.tsx';

/** /add-listing: posts a listing with photos and returns to /roommates (docs/screens.md, Create screens). */
export function AddListingPage() {
  const { data: user } = useUser();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title="New Listing"
        back={{ to: '/roommates', label: 'Back to listings' }}
        threshold={20}
      />
      {user ? <ListingForm user={user} /> : <PageSpinner />}
    </div>
  );
}
