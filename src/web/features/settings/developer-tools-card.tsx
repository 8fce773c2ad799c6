import { useState } from 'react';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { refreshAppAndData } from '../../lib/refresh-app.ts';

export function DeveloperToolsCard() {
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="developer-tools-title" className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id="developer-tools-title" className="font-semibold text-lg">
          Developer Tools
        </h2>
        <p className={`text-sm ${mutedText}`}>
          Something looks out of date? This clears the app's saved files and local data, keeping your theme
          and sign-in, and reloads.
        </p>
      </div>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        className={`${buttonStyles.secondary} w-full`}
        onClick={() => {
          setBusy(true);
          void refreshAppAndData();
        }}
      >
        {busy ? 'Refreshing...' : 'Refresh App & Data'}
      </button>
    </section>
  );
}
