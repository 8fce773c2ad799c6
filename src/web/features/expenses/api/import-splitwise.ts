import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SplitwiseImportResult, SplitwisePreview } from '#shared/imports/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/** POST /api/import/splitwise/preview: what the file holds; writes nothing. */
export function previewSplitwise(csv: string): Promise<SplitwisePreview> {
  return apiJson<SplitwisePreview>('POST', '/api/import/splitwise/preview', { csv });
}

export function useSplitwisePreview() {
  return useMutation({ mutationFn: previewSplitwise });
}

export interface SplitwiseImportInput {
  csv: string;
  mapping: Record<string, string | null>;
}

/** POST /api/import/splitwise: everything in one transaction; 409 when imported before. */
export function importSplitwise(input: SplitwiseImportInput): Promise<SplitwiseImportResult> {
  return apiJson<SplitwiseImportResult>('POST', '/api/import/splitwise', input);
}

export function useImportSplitwise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSplitwise,
    onSuccess: () => refreshExpenses(queryClient),
  });
}
