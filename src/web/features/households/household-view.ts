import type { Household } from '#shared/households/api.ts';

export function isAdmin(household: Pick<Household, 'members'>, userId: string): boolean {
  return household.members.some((m) => m.userId === userId && m.role === 'admin');
}

/** Only an administrator removes members, and never themselves (docs/households.md, Membership and roles). */
export function canRemoveMember(household: Pick<Household, 'members'>, viewerId: string, memberId: string) {
  return memberId !== viewerId && isAdmin(household, viewerId);
}

/**
 * The rent fields of Settings as typed → the PATCH body that updateHouseholdSchema checks.
 * Blank fields clear the setting; anything else goes as typed so the schema can name the problem.
 */
export function rentSettingsPayload(fields: { rentAmount: string; rentDueDay: string }): {
  rentAmount: string | null;
  rentDueDay: number | null;
} {
  const amount = fields.rentAmount.trim().replace(/^\$/, '').trim();
  const day = fields.rentDueDay.trim();
  return {
    rentAmount: amount === '' ? null : amount,
    rentDueDay: day === '' ? null : /^\d+$/.test(day) ? Number(day) : Number.NaN,
  };
}

/** '$1,200.50 per month' style amount for a 2-decimal string from the API. */
export function formatRent(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/** 1 → '1st', 22 → '22nd', 13 → '13th'. */
export function ordinal(day: number): string {
  const mod100 = day % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}
