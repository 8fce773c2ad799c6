import { Link } from 'react-router';
import { SearchIcon } from '../../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';

/** The empty states of the board: 'No listings found' (Browse) and 'No listings yet' (My Listings). */
export function EmptyListings({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
      <SearchIcon className="size-8 text-slate-500 dark:text-slate-400" />
      <p className="font-semibold">{title}</p>
      <p className={`text-sm ${mutedText}`}>{text}</p>
      <Link to="/add-listing" className={buttonStyles.primary}>
        {action}
      </Link>
    </div>
  );
}
