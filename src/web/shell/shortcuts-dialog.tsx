import { Fragment } from 'react';
import { mutedText } from '../components/ui.ts';
import { useT } from '../lib/i18n.tsx';
import { ShellDialog } from './shell-dialog.tsx';
import { SHORTCUTS } from './shortcuts.ts';

const kbd =
  'inline-block min-w-6 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-sm dark:border-slate-600 dark:bg-slate-800';

/** The `?` dialog: every shortcut of shortcuts.ts with its keys. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <ShellDialog title={t('shell.shortcuts.title')} onClose={onClose}>
      <p className={`text-sm ${mutedText}`}>{t('shell.shortcuts.intro')}</p>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="flex items-center justify-between gap-4 py-2.5">
            <dt>{t(shortcut.label)}</dt>
            <dd className="flex flex-wrap items-center justify-end gap-1.5 text-sm">
              {shortcut.sequences.map((sequence, i) => (
                <Fragment key={sequence.join(' ')}>
                  {i > 0 && <span className={mutedText}>{t('shell.shortcuts.or')}</span>}
                  {sequence.map((key, k) => (
                    <Fragment key={key}>
                      {k > 0 && <span className={mutedText}>{t('shell.shortcuts.then')}</span>}
                      <kbd className={kbd}>{key}</kbd>
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </ShellDialog>
  );
}
