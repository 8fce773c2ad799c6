import '#shared/i18n/compiled/areas/households.ts';
import type { Household } from '#shared/households/api.ts';
import type { MessageId } from '#shared/i18n/compiled/en.ts';

/** A translate function: `useT()` in a component, or a Lingui instance's `_` (tests, server). */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

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

/** 1 → '1st', 22 → '22nd', 13 → '13th' in English; '1.' in German, '1.º' in Spanish. */
export function ordinal(day: number, t: Translate): string {
  return t('households.ordinal', { day });
}
