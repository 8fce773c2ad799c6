// What the rest of the app may import from this feature (docs/client.md, Features).
export { useCreateHousehold } from './api/create-household.ts';
export { useSendEmailInvite, useSentInvites } from './api/email-invites.ts';
export {
  currentHouseholdQueryKey,
  currentHouseholdQueryOptions,
  useCurrentHousehold,
} from './api/get-household.ts';
export { useJoinHousehold } from './api/join-household.ts';
export {
  type KickedStatus,
  kickedStatusQueryKey,
  useClearKickedFlag,
  useKickedStatus,
} from './api/kicked-status.ts';
export { useDeleteAllHouseholdData, useLeaveHousehold, useRemoveMember } from './api/members.ts';
export { useSetAway } from './api/set-away.ts';
export { useUpdateHousehold } from './api/update-household.ts';
export { InviteCodeField } from './components/invite-code-field.tsx';
export { InviteShare } from './components/invite-share.tsx';
export { canRemoveMember, isAdmin, ordinal, rentSettingsPayload } from './household-view.ts';
export { useMoney } from './use-money.ts';
