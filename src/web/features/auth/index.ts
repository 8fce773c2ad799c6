// What the rest of the app may import from this feature (docs/client.md, Features).
export {
  authUserQueryKey,
  cachedUserId,
  maybeSignedIn,
  userQueryKey,
  userQueryOptions,
  useUser,
} from './api/get-user.ts';
export { useLogout } from './api/logout.ts';
export {
  deleteProfileImage,
  updateLanguage,
  updateNames,
  updateProfileColor,
  uploadProfileImage,
} from './api/profile.ts';
export { startAuthTransition, useAuthTransition } from './auth-transition.ts';
export { AuthTransitionOverlay } from './components/auth-transition-overlay.tsx';
export { leaveSignedOut, rememberReturnPath, sessionEnded } from './session.ts';
