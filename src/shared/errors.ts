/**
 * Error text of the shared fetch helper (docs/client.md, Errors): '{status}: {body or status text}'.
 * The body may be JSON with `message` or `error`.
 */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** The human part of a helper error: the JSON message after the status prefix, else the text. */
export function extractErrorMessage(errorText: string): string {
  const match = /^\d{3}: ([\s\S]*)$/.exec(errorText);
  const rest = (match ? match[1] : errorText)?.trim() ?? '';
  if (rest.startsWith('{')) {
    try {
      const parsed = JSON.parse(rest) as { message?: unknown; error?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      // Not JSON after all: show the text as it came.
    }
  }
  return rest;
}

/**
 * The code and params of an error answer's JSON body (src/shared/api-errors.ts), when it has
 * them; anything else (plain text, a proxy's page, a body without a code) gives undefined.
 */
export function readErrorBody(
  bodyText: string,
): { code: string; params: Record<string, string | number> | undefined } | undefined {
  if (!bodyText.trimStart().startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(bodyText) as { code?: unknown; params?: unknown };
    if (typeof parsed.code !== 'string') return undefined;
    const params =
      parsed.params && typeof parsed.params === 'object' && !Array.isArray(parsed.params)
        ? (parsed.params as Record<string, string | number>)
        : undefined;
    return { code: parsed.code, params };
  } catch {
    return undefined;
  }
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** A request that got no answer at all: the device is offline, or the server is down. */
export const UNREACHABLE_ERROR = 'Hearth could not be reached. Check your connection and try again.';

/** A change made while the device is offline, which cannot wait for the network: nothing is saved. */
export const OFFLINE_ERROR = 'You are offline, so this was not saved. Try again when you are back online.';

/** What an error card shows for a failed request: the server's message, else a generic sentence. */
export function errorMessage(raw: string | null | undefined): string {
  return extractErrorMessage(raw ?? '') || GENERIC_ERROR;
}

/** The words of the 'Authentication Error' card for a server error (docs/accounts.md, Server errors). */
export function normalizeAuthError(raw: string | null | undefined): string {
  const text = extractErrorMessage(raw ?? '');
  const lower = text.toLowerCase();
  if (!text) return GENERIC_ERROR;
  if (lower.includes('invalid email or password')) return 'Invalid email or password, please try again.';
  if (lower.includes('user already exists') || lower.includes('username already exists')) {
    return 'An account with this email already exists. Please try signing in instead.';
  }
  if (lower.includes('authentication failed'))
    return 'Authentication failed. Please check your credentials and try again.';
  if (lower.includes('registration failed'))
    return 'Registration failed. Please check your information and try again.';
  return text;
}
