import type { PublicUser } from '#shared/accounts/api.ts';
import { avatarGradient, initials } from '#shared/accounts/users.ts';

type AvatarUser = Pick<PublicUser, 'firstName' | 'lastName' | 'email' | 'profileColor'> & {
  profileImageUrl?: string | null;
};

const sizes = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-9 text-sm',
  md: 'size-12 text-base',
  lg: 'size-20 text-2xl',
  xl: 'size-24 text-3xl',
} as const;

/**
 * The user's photo, or their initials on their colour's gradient (docs/accounts.md, Names and
 * avatars). With a label it is an image for assistive technology; without one it is decoration
 * beside a visible name.
 */
export function Avatar({
  user,
  size = 'md',
  label,
}: {
  user: AvatarUser;
  size?: keyof typeof sizes;
  label?: string;
}) {
  const box = `${sizes[size]} shrink-0 rounded-full`;
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt={label ?? ''} className={`${box} object-cover`} />;
  }
  const { from, to } = avatarGradient(user.profileColor);
  const className = `${box} inline-flex select-none items-center justify-center font-semibold text-white`;
  const style = { backgroundImage: `linear-gradient(135deg, ${from}, ${to})` };
  if (label) {
    return (
      <span role="img" aria-label={label} className={className} style={style}>
        {initials(user)}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={className} style={style}>
      {initials(user)}
    </span>
  );
}
