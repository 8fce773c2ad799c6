import type { ColumnType } from 'kysely';
import type { ImportState } from '#shared/imports/api.ts';
import type { StreetVisibility } from '#shared/listings/rules.ts';
import type {
  GenderPreference,
  HousingType,
  RoomType,
  SocialPreference,
  StudentYear,
  StudyHabits,
} from '#shared/listings/view.ts';

/** Timestamps are milliseconds since the epoch on both engines (see db/dialect.ts). */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  profile_color: string;
  profile_image_id: string | null;
  /** Set when an admin removed the user from a household, until they dismiss the notice. */
  was_kicked: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: number;
  /** 'en', 'de' or 'es'; null follows the browser's language (docs/i18n.md). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  token_hash: string;
  /** What the account's list of sessions names it by. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** The User-Agent it signed in with, cut to USER_AGENT_MAX characters. */
  user_agent: string | null;
  /** Moved on when the session is extended (once a day of use at most). */
  last_seen_at: number | null;
}

/**
 * What an image is for: listing photos are public, receipts and profile photos are not; chat
 * photos are served only to the household's members (features/messages/routes.ts).
 */
export type ImageKind = 'profile' | 'receipt' | 'listing' | 'message';

export interface ImagesTable {
  id: string;
  owner_id: string | null;
  /** Decides who may cache it (features/images/routes.ts). */
  kind: ImageKind;
  mime: string;
  width: number;
  height: number;
  data: Buffer;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface HouseholdsTable {
  id: string;
  name: string;
  invite_code: string;
  rent_amount_cents: number | null;
  rent_due_day: number | null;
  created_at: number;
  /** Which view of who owes whom the household uses (docs/money.md). */
  simplify_debts: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** ISO 4217; every amount of the household is in its minor units (docs/money.md, Currencies). */
  currency: ColumnType<string, string | undefined, string>;
}

export interface HouseholdMembersTable {
  id: string;
  household_id: string;
  user_id: string;
  role: 'admin' | 'member';
  joined_at: number;
  /** Messages created after this are unread for the member. */
  last_read_at: ColumnType<number, number | undefined, number>;
  /** Away mode: rotation skips the member for occurrences due in [away_from, away_until]. */
  away_from: ColumnType<number | null, number | null | undefined, number | null>;
  away_until: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Joining, leaving and removal: shown later as system messages in chat and as activity. */
export interface HouseholdEventsTable {
  id: string;
  household_id: string;
  type: 'member_joined' | 'member_left' | 'member_removed' | 'household_created';
  actor_id: string | null;
  subject_id: string | null;
  created_at: number;
}

export interface MessagesTable {
  id: string;
  household_id: string;
  user_id: string | null;
  type: 'text' | 'system';
  content: string;
  /** A system message's kind and params as JSON (SystemMessage); null on text and older ones. */
  system: ColumnType<string | null, string | null | undefined, string | null>;
  /** A photo sent with the message (images.id); null on text-only messages. */
  image_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sending device's id for the message: a send repeated after a lost answer is the same message. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

export interface MessageReactionsTable {
  message_id: string;
  household_id: string;
  user_id: string;
  emoji: string;
  created_at: number;
}

export interface BusPayloadsTable {
  id: string;
  payload: string;
  created_at: number;
}

export interface ChoresTable {
  id: string;
  household_id: string;
  /** Every occurrence of a recurring chore shares the series id (the first occurrence's id). */
  series_id: string;
  occurrence_index: number;
  /** Due dates count from occurrence `anchor_index`, due at `series_anchor_at`. */
  series_anchor_at: number;
  anchor_index: number;
  title: string;
  description: string | null;
  status: 'todo' | 'doing' | 'done';
  priority: 'urgent' | 'high' | 'medium' | 'low';
  category: string;
  due_at: number;
  time_zone: string;
  assigned_to: string | null;
  recurrence: 'daily' | 'weekly' | 'biweekly' | 'monthly' | null;
  rotation: 'fixed' | 'round_robin' | 'least_done';
  reminder: string;
  estimated_duration: number;
  /** JSON: [{text, done}] */
  subtasks: string;
  notes: string | null;
  /** The series' streak before this occurrence, and after it once completed. */
  carried_streak: number;
  streak: number;
  completed_at: number | null;
  completed_by: string | null;
  on_time: ColumnType<boolean | number | null, boolean | null, boolean | null>;
  points_awarded: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  /** The due time whose reminder push went out (a new due time arms it again). */
  reminded_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The due time whose overdue push went out. */
  overdue_notified_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Snoozed: the reminder goes out again at this instant. */
  remind_again_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ExpensesTable {
  id: string;
  household_id: string;
  title: string;
  amount_cents: number;
  category: string;
  description: string | null;
  notes: string | null;
  receipt_image_id: string | null;
  paid_by: string | null;
  /** The day it was spent, YYYY-MM-DD. */
  date: string;
  split_type: 'equal' | 'custom' | 'percentage';
  is_recurring: ColumnType<boolean | number, boolean, boolean>;
  recurring_interval: 'weekly' | 'monthly' | 'quarterly' | 'yearly' | null;
  recurring_end_date: string | null;
  /** The day the next copy is due; claimed by exactly one sweep. */
  next_occurrence_date: string | null;
  recurrence_source_id: string | null;
  /** Copies the sweep has made of this series: next_occurrence_date is occurrence count + 1. */
  recurrence_count: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: number;
  /** In the trash since then: out of every list and balance until restored. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Paid in another currency: its code, the amount in its minor units, and the rate as typed. */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  original_amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
  exchange_rate: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ExpenseSplitsTable {
  id: string;
  expense_id: string;
  household_id: string;
  user_id: string | null;
  amount_cents: number;
  settled: ColumnType<boolean | number, boolean, boolean>;
  settled_at: number | null;
}

export interface SettlementsTable {
  id: string;
  household_id: string;
  from_user: string | null;
  to_user: string | null;
  amount_cents: number;
  created_at: number;
}

/** Money that moved from one member to another (docs/money.md). */
export interface PaymentsTable {
  id: string;
  household_id: string;
  from_user: string | null;
  to_user: string | null;
  amount_cents: number;
  /** The day the money moved, YYYY-MM-DD. */
  date: string;
  note: string | null;
  /** The recording device's id for this payment: a repeat is the same payment. */
  client_id: string | null;
  created_by: string | null;
  created_at: number;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The shares a payment settled. */
export interface PaymentSplitsTable {
  payment_id: string;
  split_id: string;
}

/** Who did what in a household, newest last. */
export interface ActivityTable {
  id: string;
  household_id: string;
  actor_id: string | null;
  kind: string;
  subject_type: string;
  subject_id: string | null;
  summary: string;
  /** JSON: [{field, before, after}] for edits. */
  changes: string | null;
  created_at: number;
}

/** A file imported into a household (Splitwise), kept to refuse importing it twice. */
export interface ImportsTable {
  id: string;
  household_id: string;
  source: 'splitwise';
  file_hash: string;
  created_by: string | null;
  expense_count: number;
  created_at: number;
  /** 'importing' from the answer until the rows are written, in one transaction; then 'done'. */
  state: ColumnType<ImportState, ImportState | undefined, ImportState>;
  payment_count: ColumnType<number, number | undefined, number>;
  skipped_rows: ColumnType<number, number | undefined, number>;
  carried_over: ColumnType<number, number | undefined, number>;
  /** What is still to be written, as JSON; null once written. */
  plan: string | null;
}

/** An e-mail waiting to be sent; sent ones are deleted, failed ones keep the reason without the text. */
export interface MailOutboxTable {
  id: string;
  dedupe_key: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe), or null. */
  headers: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number;
  claimed_until: number | null;
  failed_at: number | null;
  error: string | null;
  created_at: number;
}

export interface HouseholdInvitesTable {
  token_hash: string;
  household_id: string;
  invited_by: string | null;
  email: string;
  created_at: number;
  expires_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A change of e-mail waiting for its link to be followed; spent like a reset link. */
export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface CalendarEventsTable {
  id: string;
  household_id: string;
  title: string;
  description: string | null;
  notes: string | null;
  location: string | null;
  start_at: number;
  end_at: number;
  all_day: ColumnType<boolean | number, boolean, boolean>;
  event_type: string;
  color: string;
  recurrence: 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'yearly' | null;
  reminder: string;
  /** JSON: user ids */
  attendees: string;
  /** JSON: start instants (ms) of deleted single occurrences */
  exceptions: string;
  time_zone: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * One secret calendar-feed token per user. Kept as it is (not hashed) because Settings shows the
 * link again; it grants read access to the feed only, and resetting replaces it.
 */
export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: number;
}

export interface ListingsTable {
  id: string;
  created_by: string;
  title: string;
  description: string | null;
  /**
   * Before migration 0024: whole US dollars, the street, the state and the zip code as saved then,
   * no longer read (rent_minor, street, region, postcode hold them now). Newer rows write 0, ''
   * and nulls.
   */
  rent: number;
  utilities: number | null;
  location: string;
  state: string | null;
  zip_code: string | null;
  /** Rent and utilities in minor units of rent_currency (ISO 4217). */
  rent_minor: number;
  utilities_minor: number | null;
  rent_currency: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  postcode: string | null;
  /** The postcode upper-cased without spaces or dashes, for prefix filtering. */
  postcode_key: string | null;
  city: string;
  /** Lower-cased city, for case-insensitive filtering on both engines. */
  city_key: string;
  region: string | null;
  /** Lower-cased region, for case-insensitive filtering on both engines. */
  region_key: string | null;
  /** The exact address; who besides the poster may see it (docs/decisions/0035). */
  street: string | null;
  street_visibility: StreetVisibility;
  university: string | null;
  distance_to_campus: string | null;
  available_from: string;
  available_to: string | null;
  room_type: RoomType;
  housing_type: HousingType;
  gender_preference: GenderPreference;
  student_year: StudentYear;
  study_habits: StudyHabits;
  social_preferences: SocialPreference;
  lifestyle_preferences: string;
  amenities: string;
  /** Lower-cased title, description and university, for `q`. */
  search_text: string;
  contact_info: string;
  featured: ColumnType<boolean | number, boolean, boolean>;
  status: 'active' | 'closed';
  created_at: number;
  updated_at: number;
}

export interface ListingImagesTable {
  listing_id: string;
  position: number;
  card_image_id: string;
  full_image_id: string;
}

/** The VAPID key pair (id 'vapid') when the environment names none; shared by every instance. */
export interface PushKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** One browser (device) of a user; the endpoint is unique, so a browser moves between users. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  last_used_at: number | null;
}

/** Absent row: the defaults (everything on, no quiet hours, UTC). */
export interface NotificationSettingsTable {
  user_id: string;
  enabled: ColumnType<boolean | number, boolean, boolean>;
  message: ColumnType<boolean | number, boolean, boolean>;
  chore: ColumnType<boolean | number, boolean, boolean>;
  expense: ColumnType<boolean | number, boolean, boolean>;
  calendar: ColumnType<boolean | number, boolean, boolean>;
  household: ColumnType<boolean | number, boolean, boolean>;
  /** Quiet hours as minutes after local midnight; both null when off. */
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  updated_at: number;
  /** The kinds a member also gets by e-mail; all off until switched on. */
  email_chore: ColumnType<boolean | number, boolean | undefined, boolean>;
  email_rent: ColumnType<boolean | number, boolean | undefined, boolean>;
  email_expense: ColumnType<boolean | number, boolean | undefined, boolean>;
  email_summary: ColumnType<boolean | number, boolean | undefined, boolean>;
}

/** The week (its Monday, local date) whose summary e-mail a member was sent. */
export interface WeeklySummariesTable {
  user_id: string;
  week: string;
  created_at: number;
}

/** Keys the server keeps for itself, such as the one that signs unsubscribe links. */
export interface ServerSecretsTable {
  id: string;
  secret: string;
  created_at: number;
}

/** A push waiting for one device; deleted once delivered or given up. */
export interface PushOutboxTable {
  id: string;
  user_id: string;
  subscription_id: string;
  /** What this push is, per device: enqueueing the same key twice is a no-op. */
  dedupe_key: string;
  /** JSON PushPayload */
  payload: string;
  urgency: 'normal' | 'high';
  /** Not sent before this instant (the end of the member's quiet hours). */
  not_before: number;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number;
  /** A sender owns the row until then; a crashed sender's claim simply runs out. */
  claimed_until: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}

/** Event occurrences whose reminder has been enqueued. */
export interface EventRemindersTable {
  event_id: string;
  household_id: string;
  occurrence_start: number;
  created_at: number;
}

/** Months whose rent reminder a member has been sent ("2026-05"). */
export interface RentRemindersTable {
  household_id: string;
  user_id: string;
  month: string;
  created_at: number;
}

export interface DB {
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  push_outbox: PushOutboxTable;
  event_reminders: EventRemindersTable;
  rent_reminders: RentRemindersTable;
  listings: ListingsTable;
  listing_images: ListingImagesTable;
  calendar_events: CalendarEventsTable;
  calendar_feeds: CalendarFeedsTable;
  expenses: ExpensesTable;
  expense_splits: ExpenseSplitsTable;
  settlements: SettlementsTable;
  payments: PaymentsTable;
  payment_splits: PaymentSplitsTable;
  activity: ActivityTable;
  imports: ImportsTable;
  mail_outbox: MailOutboxTable;
  household_invites: HouseholdInvitesTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  weekly_summaries: WeeklySummariesTable;
  server_secrets: ServerSecretsTable;
  chores: ChoresTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  bus_payloads: BusPayloadsTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  household_events: HouseholdEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  images: ImagesTable;
  rate_limits: RateLimitsTable;
}
