/** The screen that asks for a reset link. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
/** The screen a reset link opens; the token follows as `?token=`. */
export const RESET_PASSWORD_PATH = '/reset-password';
