/**
 * iOS install banner (docs/screens.md, Install banner): shown 2 s after load; a dismissal is
 * honoured for 30 days.
 */
export const INSTALL_BANNER_DELAY_MS = 2_000;
export const INSTALL_BANNER_DISMISS_MS = 30 * 24 * 60 * 60 * 1_000;

/** iPhone and iPod, and iPads, which since iPadOS 13 claim to be a Mac but have a touch screen. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

// Other browsers and in-app web views on iOS: they cannot add the app to the home screen the way
// Safari does, so the Share → Add to Home Screen instructions would be wrong there.
const NOT_SAFARI =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|FBAN|FBAV|FB_IAB|Instagram|Line\/|GSA\/|Twitter|LinkedInApp|Snapchat|MicroMessenger|Pinterest/;

/** Safari itself: 'Safari/' in the user agent and none of the other iOS browsers or web views. */
export function isInstallableIosBrowser(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
}

/** A stored dismissal time (ms since the epoch), or null when absent or unreadable. */
export function parseDismissedAt(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function isDismissalActive(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now - dismissedAt < INSTALL_BANNER_DISMISS_MS;
}

export function shouldShowIosInstallBanner(input: {
  userAgent: string;
  maxTouchPoints: number;
  /** Already running from the home screen (display-mode standalone or navigator.standalone). */
  standalone: boolean;
  dismissedAt: number | null;
  now: number;
}): boolean {
  return (
    isIos(input.userAgent, input.maxTouchPoints) &&
    !input.standalone &&
    isInstallableIosBrowser(input.userAgent) &&
    !isDismissalActive(input.dismissedAt, input.now)
  );
}
