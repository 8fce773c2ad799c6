import '#shared/i18n/compiled/areas/imports.ts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '#shared/errors.ts';
import { SPLITWISE_MAX_BYTES, SPLITWISE_TOO_LARGE } from '#shared/imports/splitwise.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { buttonStyles, inputStyles, mutedText } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { useCurrentHousehold } from '../households/index.ts';
import { useImportSplitwise, useSplitwisePreview } from './api/import-splitwise.ts';
import { SplitwisePreviewCard } from './components/splitwise-preview.tsx';

/** /import-splitwise: upload a group's export, match people to members, import (issue 12). */
export function ImportSplitwisePage() {
  const t = useT();
  const navigate = useNavigate();
  const { data: household } = useCurrentHousehold();
  const preview = useSplitwisePreview();
  const run = useImportSplitwise();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  // Household units per one unit of each other currency of the file, as typed.
  const [rates, setRates] = useState<Record<string, string>>({});

  const choose = async (file: File | undefined) => {
    preview.reset();
    run.reset();
    setCsv(null);
    setFileError(null);
    setRates({});
    if (!file) return;
    if (file.size > SPLITWISE_MAX_BYTES) return setFileError(SPLITWISE_TOO_LARGE);
    const text = await file.text();
    setCsv(text);
    preview.mutate(text, {
      onSuccess: (found) =>
        setMapping(Object.fromEntries(found.people.map((p) => [p.name, p.suggestedUserId]))),
    });
  };

  return (
    <div className="flex flex-col gap-5 px-5 pt-4 pb-10">
      <header className="flex items-center gap-2">
        <Link to="/expenses" aria-label={t('imports.back')} className={`${buttonStyles.icon} -ml-2`}>
          <ChevronLeftIcon className="size-6" />
        </Link>
        <h1 className="font-bold text-2xl">{t('imports.title')}</h1>
      </header>
      <p className={mutedText}>
        <T id="imports.intro" components={{ 0: <strong /> }} />
      </p>
      <div className="space-y-1">
        <label htmlFor="splitwise-file" className="block font-semibold">
          {t('imports.file.label')}
        </label>
        <input
          id="splitwise-file"
          type="file"
          accept=".csv,text/csv"
          className={inputStyles}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {fileError && <ErrorCard title={t('imports.file.error')} message={fileError} />}
      {preview.isPending && <p role="status">{t('imports.file.reading')}</p>}
      {preview.isError && (
        <ErrorCard title={t('imports.file.error')} message={errorMessage(preview.error.message)} />
      )}
      {preview.data && csv && household && (
        <SplitwisePreviewCard
          preview={preview.data}
          members={household.members}
          mapping={mapping}
          onMap={(name, userId) => setMapping((m) => ({ ...m, [name]: userId }))}
          rates={rates}
          onRate={(currency, rate) => setRates((r) => ({ ...r, [currency]: rate }))}
          importing={run.isPending}
          error={run.error}
          onImport={() => run.mutate({ csv, mapping, rates }, { onSuccess: () => navigate('/expenses') })}
        />
      )}
    </div>
  );
}
