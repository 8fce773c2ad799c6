import { useId, useState } from 'react';
import { extractErrorMessage } from '#shared/errors.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { checkImageFile } from '#shared/validation-rules.ts';
import { ReceiptIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, errorText } from '../../../components/ui.ts';
import { useUploadReceipt } from '../api/upload-receipt.ts';
import { useWords } from '../use-words.ts';

/** The payer adds (or replaces) a photo of the receipt; the server checks and re-encodes it. */
export function ReceiptField({ expense }: { expense: ExpenseView }) {
  const { t } = useWords();
  const id = useId();
  const upload = useUploadReceipt();
  const [problem, setProblem] = useState<string | null>(null);
  const label = expense.receiptUrl ? t('expenses.receipt.replace') : t('expenses.receipt.add');

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // Same limits as every photo: an image under 5 MB.
    const check = checkImageFile(file);
    setProblem(check);
    if (check) return;
    upload.mutate(
      { expenseId: expense.id, file },
      {
        onError: (error) =>
          setProblem(
            t('expenses.receipt.uploadFailed', {
              reason: extractErrorMessage(error.message) || t('expenses.receipt.tryAgain'),
            }),
          ),
      },
    );
  };

  return (
    <div className="space-y-1">
      <label
        htmlFor={id}
        className={`${buttonStyles.secondary} cursor-pointer px-3 py-1.5 text-sm has-[+input:focus-visible]:outline-2 has-[+input:focus-visible]:outline-blue-600`}
      >
        <ReceiptIcon className="size-4" />
        {upload.isPending ? t('expenses.receipt.uploading') : label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        aria-label={t('expenses.receipt.inputLabel', { action: label, title: expense.title })}
        aria-describedby={problem ? `${id}-error` : undefined}
        disabled={upload.isPending}
        className="sr-only"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {problem}
        </p>
      )}
    </div>
  );
}
