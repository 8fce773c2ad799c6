import { INVITE_CODE_LENGTH, inviteCodeInput } from '#shared/households/invites.ts';
import { TextField } from '../../../components/form-fields.tsx';

/**
 * The invite code as typed, upper-cased on the fly and cut at 8 characters (docs/households.md,
 * Creating and joining).
 */
export function InviteCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  return (
    <TextField
      label="Invite code"
      name="inviteCode"
      value={value}
      onChange={(e) => onChange(inviteCodeInput(e.target.value))}
      maxLength={INVITE_CODE_LENGTH}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      hint="8 letters and numbers, e.g. ABCD2345"
      inputClassName="font-mono uppercase tracking-widest"
    />
  );
}
