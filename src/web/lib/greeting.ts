/**
 * Greeting by local time (docs/screens.md, Home): before 12 'Good morning', before 17 'Afternoon',
 * else 'Good evening'.
 */
export function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Afternoon';
  return 'Good evening';
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
