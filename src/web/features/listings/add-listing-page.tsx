import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { useScrolled } from '../../lib/use-scrolled.ts';
import { useUser } from '../auth/api/get-user.ts';
import { ListingForm } from './components/listing-form.tsx';

/** The header floats above the form and gains a background after 20 px of scrolling (SPEC §9). */
function Header() {
  const scrolled = useScrolled(20);
  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-30 -mx-5 px-5 py-4 transition-shadow ${
        scrolled ? 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95' : 'bg-transparent'
      }`}
    >
      <div className="flex items-center gap-2">
        <Link to="/roommates" aria-label="Back to listings" className={`${buttonStyles.icon} -ml-2`}>
          <ChevronLeftIcon className="size-6" />
        </Link>
        <h1 className="font-bold text-2xl">New Listing</h1>
      </div>
    </header>
  );
}

/** /add-listing: posts a listing with photos and returns to /roommates (SPEC §2 'Create screens'). */
export function AddListingPage() {
  const { data: user } = useUser();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <Header />
      {user ? <ListingForm user={user} /> : <PageSpinner />}
    </div>
  );
}
