import type { MessageId } from '../../lib/i18n.tsx';

type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/** A select's or checkbox group's options, each value named by its message in the active language. */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, MessageId>,
  t: Translate,
): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: t(labels[value]) }));
}
