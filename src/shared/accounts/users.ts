export const PROFILE_COLORS = [
  'blue',
  'emerald',
  'purple',
  'orange',
  'indigo',
  'green',
  'pink',
  'teal',
] as const;
/** What a deleted member is called wherever their history stays (chat, expenses, chores). */
export const FORMER_MEMBER = 'Former member';

export type ProfileColor = (typeof PROFILE_COLORS)[number];
export const DEFAULT_PROFILE_COLOR: ProfileColor = 'blue';

type NameParts = { firstName?: string | null; lastName?: string | null; email?: string | null };

/** First letters of first and last name, else of first name, else of e-mail, else '?'. */
export function initials(user: NameParts | null | undefined): string {
  const first = user?.firstName?.trim() ?? '';
  const last = user?.lastName?.trim() ?? '';
  if (first && last) return (first[0]! + last[0]!).toUpperCase();
  if (first) return first[0]!.toUpperCase();
  const email = user?.email?.trim() ?? '';
  if (email) return email[0]!.toUpperCase();
  return '?';
}

/** 'Ada L.': first name plus last initial and a period; first name alone without a last name. */
export function displayName(user: NameParts | null | undefined): string {
  const first = user?.firstName?.trim() ?? '';
  const last = user?.lastName?.trim() ?? '';
  if (first && last) return `${first} ${last[0]!.toUpperCase()}.`;
  if (first) return first;
  const email = user?.email?.trim() ?? '';
  return email ? email.split('@')[0]! : 'Member';
}

/**
 * Gradient stops per profile colour. Both stops keep white initials above 4.5:1 contrast,
 * which is why some are a shade darker than the colour's name suggests.
 */
export const AVATAR_GRADIENTS: Record<ProfileColor, { from: string; to: string }> = {
  blue: { from: '#2563eb', to: '#1d4ed8' },
  emerald: { from: '#047857', to: '#065f46' },
  purple: { from: '#7e22ce', to: '#6b21a8' },
  orange: { from: '#c2410c', to: '#9a3412' },
  indigo: { from: '#4f46e5', to: '#4338ca' },
  green: { from: '#15803d', to: '#166534' },
  pink: { from: '#be185d', to: '#9d174d' },
  teal: { from: '#0f766e', to: '#115e59' },
};

export function avatarGradient(color: string | null | undefined): { from: string; to: string } {
  return AVATAR_GRADIENTS[
    (PROFILE_COLORS as readonly string[]).includes(color ?? '')
      ? (color as ProfileColor)
      : DEFAULT_PROFILE_COLOR
  ];
}
