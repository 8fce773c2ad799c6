import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import type { ProfileColor } from '#shared/accounts/users.ts';
import { ColorPicker } from '../../components/color-picker.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useUpdateProfileColor } from './api/profile.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { NameForm } from './name-form.tsx';

export function ProfileCard({ user }: { user: PublicUser }) {
  const t = useT();
  const color = useUpdateProfileColor();
  // The chosen colour shows at once; the server's answer replaces it (or a failure reverts it).
  const [picked, setPicked] = useState<ProfileColor | null>(null);
  return (
    <section aria-labelledby="profile-title" className={`${cardStyles} space-y-6`}>
      <div>
        <h2 id="profile-title" className="font-semibold text-lg">
          {t('settings.profile.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>
          {`${user.firstName} ${user.lastName}`.trim()} · {user.email}
        </p>
      </div>
      <AvatarEditor user={user} />
      <ColorPicker
        legend={t('settings.profile.color')}
        value={picked ?? user.profileColor}
        onChange={(next) => {
          setPicked(next);
          color.mutate(next, {
            onSettled: () => setPicked(null),
            onError: (error) => console.warn('Saving the profile colour failed', error),
          });
        }}
      />
      <NameForm key={user.id} user={user} />
    </section>
  );
}
