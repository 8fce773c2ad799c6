/** The sign-in screen's parameter that opens it on Create Account (`signup`). */
export const AUTH_MODE_PARAM = 'mode';
/** The sign-in screen opened on Create Account: where a newcomer's Get Started leads. */
export const SIGN_UP_PATH = `/auth?${AUTH_MODE_PARAM}=signup`;
/** The screen that asks for a reset link. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
/** The screen a reset link opens; the token follows as `?token=`. */
export const RESET_PASSWORD_PATH = '/reset-password';
/** The screen a link to confirm a new e-mail address opens; the token follows as `?token=`. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
/** The page an e-mail's unsubscribe link opens, with `?token=`; the one-click address is the API's. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
