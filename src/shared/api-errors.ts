// Every error the API answers is `{"message", "code", "params"?}` (docs/client.md, Errors): the
// English message as before, a stable code a client can translate by, and the values that fill
// the code's {placeholders}. This table is the one place for the words the server says by
// itself; the field sentences that forms and schemas share keep their words in their own lists
// (registerMessages in validation-rules.ts), which give them codes too. No Zod here: the web app
// can import it.
import { codeOfMessage, type FieldSentence, messages, registerSentence } from './validation-rules.ts';

/**
 * Code → English message. Placeholders are ICU arguments: `{name}` or `{name, number}` (a number
 * with grouping, "5,000"). Codes are stable: rename a message's words, never its code.
 */
export const API_ERRORS = {
  // Requests the server cannot read, before any route runs.
  'http.bad_request': 'Bad request',
  'http.request_refused': '{reason}',
  'http.malformed_url': 'Malformed URL',
  'http.nul_in_address': 'The address must not contain NUL characters',
  'http.cross_origin': 'Cross-origin request refused',
  'http.no_such_endpoint': 'No such endpoint: {method} {path}',
  'http.no_such_file': 'No such file',
  'http.malformed_json': 'Malformed JSON body',
  'http.empty_json_body': 'The request body is empty; send a JSON object',
  'http.body_too_large': 'Request body is too large (the limit is 1 MB)',
  'http.unsupported_media_type': 'Unsupported content type; send JSON',
  'http.content_length_mismatch': 'Content-Length does not match the body',
  'http.invalid_content_type': 'Invalid content type',
  'http.multipart_expected': 'Expected multipart form data',
  'http.too_many_parts': 'Too many parts in the form',
  'http.one_file_at_a_time': 'Send one file at a time',
  'http.too_many_fields': 'Too many fields in the form',
  'http.nested_too_deeply': 'The JSON body is nested too deeply',
  'http.upload_refused': '{reason}',
  'http.forbidden': 'Not allowed',
  'http.not_found': 'Not found',

  // Input that breaks a schema and is not one of our sentences: the message is the schema's own
  // (a Zod sentence after the field's name), these words are what a translation says instead.
  'validation.invalid_input': 'Invalid input',
  'validation.required': '{field} is required',
  'validation.invalid_type': '{field} must be of type {expected}',
  'validation.too_long': '{field} must be at most {max, number} characters',
  'validation.too_short': '{field} must be at least {min, number} characters',
  'validation.too_many': '{field} must have at most {max, number} items',
  'validation.too_few': '{field} must have at least {min, number} items',
  'validation.too_large': '{field} must be at most {max, number}',
  'validation.too_small': '{field} must be at least {min, number}',
  'validation.invalid_option': '{field} must be one of {options}',
  'validation.invalid_format': '{field} is not in the expected format',
  'validation.not_multiple_of': '{field} must be a multiple of {divisor}',
  'validation.unrecognized_keys': 'Unknown fields: {keys}',
  'validation.invalid': '{field} is not valid',
  'validation.nul_character': '{field}: must not contain NUL characters',
  'validation.invalid_unicode': '{field}: must be valid Unicode text',
  'validation.time_zone': '{field} must be an IANA time zone such as Europe/Berlin',

  'auth.not_signed_in': 'Not signed in',
  'auth.invalid_credentials': 'Invalid email or password',
  'auth.user_exists': 'User already exists',
  'rate_limit.wait_a_minute': 'Too many attempts. Please wait a minute and try again.',
  'rate_limit.wait_minutes': 'Too many attempts. Please wait a few minutes and try again.',

  'server.error': 'Something went wrong on our side. Please try again.',
  'server.database_unavailable': 'The database is unavailable',
  'server.answer_mismatch': '{operation} answered {status}: {problem}',

  // Caps (src/shared/caps.ts): a create past one answers 409 and changes nothing.
  'cap.events_per_household':
    'A household can keep at most {max, number} calendar events; delete some past ones first',
  'cap.recurring_events_per_household':
    'A household can keep at most {max, number} repeating events; delete or end some first',
  'cap.skipped_occurrences_per_event':
    'A repeating event can skip at most {max, number} of its dates; change or delete the series instead',
  'cap.open_chores_per_household':
    'A household can have at most {max, number} open chores; finish or delete some first',
  'cap.active_listings_per_user': 'You can have at most {max, number} active listings; close one first',

  'household.none': 'You are not in a household',
  'household.admin_only': 'Only an administrator can do this',
  'household.already_in_one': 'You are already in a household; leave it before creating or joining another',
  'household.already_member': 'You are already a member of this household',
  'household.invalid_invite_code': 'Invalid invite code',
  'household.currency_locked':
    'The currency cannot change once the household has expenses or payments: their amounts are in the current currency',
  'household.cannot_remove_self': 'You cannot remove yourself; leave the household instead',
  'household.no_such_member': 'No such member in your household',

  'activity.no_cursor_entry': 'No such activity entry to page from',
  'message.no_cursor_entry': 'No such message to page from',
  'message.not_found': 'Message not found',

  // The filters and search of the lists (src/shared/search/filters.ts).
  'filter.text_too_long': '{field}: search for at most {max, number} characters',
  'filter.date_invalid': '{field}: filter by a day written YYYY-MM-DD',
  'filter.dates_reversed': '{field} must be the same day as {other} or later',
  'search.text_required': '{field}: type something to search for',

  'chore.assignee_not_member': '{field} must be a member of your household',
  'chore.not_found': 'Chore not found',

  'calendar.attendees_not_members': 'Attendees must be members of your household',
  'calendar.event_not_found': 'Event not found',
  'calendar.no_such_feed': 'No such calendar feed',
  'calendar.window_reversed': '{field} must be before {other}',
  'calendar.window_too_wide': '{field} must be at most {days} days after {other}',

  'expense.no_cursor_entry': 'No such expense to page from',
  'expense.not_found': 'Expense not found',
  'expense.not_in_trash': 'No such expense in the trash (deleted items can be restored for {days} days)',
  'expense.members_only': 'The payer and everyone in the split must be members of your household',
  'expense.shares_needed': '{field}: give the shares when the amount or the split type changes',
  'expense.settled_cannot_delete': 'A fully settled expense cannot be deleted',
  'expense.split_not_found': 'Split not found',
  'expense.cannot_unsettle': 'A settled split cannot be unsettled',
  'expense.payer_share': "The payer's own share has nothing to settle",
  'expense.settle_not_allowed': 'Only the payer or the member who owes it can settle a split',
  'expense.share_without_debtor': 'This share belongs to nobody who can pay it',
  'expense.status_invalid': 'status must be unsettled or settled',
  'balance.same_member': 'from and to must be two different members',
  'balance.settle_with_self': 'You cannot settle up with yourself',
  'balance.nothing_owed': 'You owe this member nothing in the balances shown',
  'payment.same_member': 'A payment needs two different members',
  'payment.members_only': 'Both people in a payment must be members of your household',
  'payment.not_yours': 'You can record only a payment you made or received',
  'payment.no_cursor_entry': 'No such payment to page from',
  'payment.not_found': 'Payment not found',
  'payment.not_in_trash': 'No such payment in the trash (deleted items can be restored for {days} days)',
  'payment.delete_not_allowed': 'Only the two members of a payment can delete it',

  'import.file_too_large': 'The file is too large (the limit is 2 MB)',
  'import.too_many_rows': 'The file has too many rows (the limit is {max, number})',
  'import.too_many_columns': 'The file has too many columns on row {row} (the limit is {max, number})',
  'import.value_too_long': 'Row {row} has a value longer than {max, number} characters',
  'import.unclosed_quote':
    'The file is cut off or damaged: a quoted field is never closed (near line {line})',
  'import.text_after_quote':
    'The file could not be read as CSV (near line {line}): text follows a closing quote',
  'import.row_length':
    'The file is cut off or damaged: row {row} has {columns} columns where the header has {expected}',
  'import.not_splitwise':
    "This is not a Splitwise export: its first line should be 'Date,Description,Category,Cost,Currency' followed by each person's name",
  'import.cut_off':
    "The file is cut off: a Splitwise export ends with a 'Total balance' line. Export it again and upload the whole file",
  'import.mapping_missing': '{field}: choose a member or Skip for {person}',
  'import.mapping_empty': '{field}: choose a member for at least one person',
  'import.mapping_not_member':
    '{field}: every person must be skipped or matched to a member of your household',
  'import.mapping_repeated': '{field}: each member can be chosen once',
  'import.nothing_to_import': 'The file has no expenses or payments that can be imported',
  'import.rate_missing':
    '{field}: give the exchange rate for {currency}: how many {household} one of it is worth',
  'import.rate_unusable':
    '{field}: at this rate row {row} comes to 0 or to more than the largest amount in {household}; check the rate',
  'import.already_imported': 'This file has already been imported into your household',
  'import.not_found': 'There is no such import in your household',

  'image.not_found': 'Image not found',
  'image.unreadable': 'The image could not be read; it may be damaged or too large',
  'image.not_multipart': 'Send the photo as multipart form data in the field {field}',
  'image.field_required': `{field}: ${messages.imageRequired}`,
  'image.upload_unreadable':
    'The upload could not be read. Send the photo as multipart form data in the field {field}',

  'listing.bad_cursor': '{field}: not a cursor this server gave out',
  'listing.not_available': 'This listing may have been removed or is no longer available.',
  'listing.not_found': 'Listing not found',
  'listing.not_yours': 'Only the person who posted this listing can change it',

  'push.endpoint_taken': 'This push endpoint belongs to another account',
  'push.no_subscription': 'No push subscription for this user',
  'push.unsubscribe_invalid': 'This unsubscribe link is not valid: it may have been copied only in part.',
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** What fills a message's placeholders; validation answers also carry the field's name. */
export type ApiErrorParams = Record<string, string | number>;

/** Every error answer of the API (src/shared/api/operation.ts declares it for the contract). */
export interface ApiErrorBody {
  message: string;
  code: string;
  params?: ApiErrorParams;
}

type ArgumentName<S extends string> = S extends `${infer Name},${string}` ? Name : S;
/** The placeholder names of a message, as a union: '{field} is {max, number}' → 'field' | 'max'. */
export type PlaceholdersOf<S extends string> = S extends `${string}{${infer Argument}}${infer Rest}`
  ? ArgumentName<Argument> | PlaceholdersOf<Rest>
  : never;

/** The params a code needs: none, or one value for each of its placeholders. */
export type ParamsOf<C> = C extends ApiErrorCode
  ? [PlaceholdersOf<(typeof API_ERRORS)[C]>] extends [never]
    ? []
    : [params: Record<PlaceholdersOf<(typeof API_ERRORS)[C]>, string | number>]
  : [];

/** What an error helper takes: a code of this table, or one of our registered field sentences. */
export type ApiErrorKey = ApiErrorCode | FieldSentence;

const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:,\s*([a-z]+)\s*)?\}/g;

/** The placeholder names of a message, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

// Not toLocaleString: its first call loads locale data, a long pause on an error path.
const grouped = (n: number) => (Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : String(n));

/** A message's English words with its placeholders filled in. */
export function formatApiError(template: string, params: ApiErrorParams = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string, type: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    return type === 'number' && typeof value === 'number' ? grouped(value) : String(value);
  });
}

export function isApiErrorCode(key: string): key is ApiErrorCode {
  return Object.hasOwn(API_ERRORS, key);
}

/**
 * The body of an error answer: a code of the table with its params, or one of our field
 * sentences (its code is the one it was registered with).
 */
export function apiError<K extends ApiErrorKey>(key: K, ...given: ParamsOf<K>): ApiErrorBody {
  return errorBody(key, given[0] as ApiErrorParams | undefined);
}

/** apiError for a key chosen at run time, its params unchecked by the compiler. */
export function errorBody(key: string, params?: ApiErrorParams): ApiErrorBody {
  if (isApiErrorCode(key)) {
    const body: ApiErrorBody = { message: formatApiError(API_ERRORS[key], params), code: key };
    if (params) body.params = params;
    return body;
  }
  return { message: key, code: codeOfMessage(key) ?? 'validation.invalid_input' };
}

/**
 * A sentence of this table made once and used in a schema: Zod answers it word for word, with
 * its code, e.g. `knownApiError('validation.time_zone', { field: 'tz' })`.
 */
export function knownApiError<C extends ApiErrorCode>(code: C, ...given: ParamsOf<C>): FieldSentence {
  const params = given[0] as ApiErrorParams | undefined;
  const message = formatApiError(API_ERRORS[code], params);
  registerSentence(message, code, params);
  return message as FieldSentence;
}
