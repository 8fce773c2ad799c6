import type { MessageId } from '#shared/i18n/compiled/en.ts';

/** Part of the day by local time (docs/screens.md, Home): before 12 morning, before 17 afternoon. */
export function dayPart(now: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = now.getHours();
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** Greeting by local time: 'Good morning', 'Afternoon' or 'Good evening' in English (home catalogue). */
export function greeting(now: Date, t: (id: MessageId, values?: Record<string, unknown>) => string): string {
  return t('home.greeting.part', { part: dayPart(now) });
}

/** First name, else the part of the e-mail before the at-sign, else 'there'. */
export function greetingName(
  user: { firstName?: string | null; email?: string | null } | null | undefined,
): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'there';
}
