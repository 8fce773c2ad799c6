import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { EXPORT_URL } from './api/account-data.ts';

/** 'Take everything with you': a link the browser downloads as hearth-export-YYYY-MM-DD.zip. */
export function YourDataCard() {
  return (
    <section aria-labelledby="your-data-title" className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id="your-data-title" className="font-semibold text-lg">
          Your data
        </h2>
        <p className={`text-sm ${mutedText}`}>
          One ZIP file with your profile, photos, listings and notification settings, and your household's
          expenses, chores, calendar and chat. Other people appear by their display name only.
        </p>
      </div>
      <a href={EXPORT_URL} download className={`${buttonStyles.secondary} w-full`}>
        Download my data
      </a>
    </section>
  );
}
