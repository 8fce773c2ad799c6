import '#shared/i18n/compiled/areas/households.ts';
import { inviteCodeInput } from '#shared/households/invites.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { useT } from '../../../lib/i18n.tsx';

/**
 * The invite code as typed, normalised on the fly and cut at 8 characters (docs/households.md,
 * Creating and joining). No maxLength: a browser would cut a pasted ' ABCD2345' before it is trimmed.
 */
export function InviteCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const t = useT();
  return (
    <TextField
      label={t('households.inviteCode.label')}
      name="inviteCode"
      value={value}
      onChange={(e) => onChange(inviteCodeInput(e.target.value))}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      hint={t('households.inviteCode.hint')}
      inputClassName="font-mono uppercase tracking-widest"
    />
  );
}
