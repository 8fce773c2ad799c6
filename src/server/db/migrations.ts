import { randomUUID } from 'node:crypto';
import { type Kysely, type Migration, sql } from 'kysely';
import { columnTypes, type Engine } from './dialect.ts';

/** The tables migration 0014 writes rows into, as it wrote them. */
interface LedgerTables {
  payments: {
    id: string;
    household_id: string;
    from_user: string;
    to_user: string;
    amount_cents: number;
    date: string;
    note: null;
    client_id: null;
    created_by: null;
    created_at: number;
  };
  payment_splits: { payment_id: string; split_id: string };
}

/**
 * One migration set for both engines, applied at start. Append new migrations; never edit one
 * that has shipped. Every household-owned table will carry household_id with an index.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  const t = columnTypes(engine);
  return {
    '0001_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('images')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('owner_id', 'text')
          .addColumn('mime', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('data', t.blob, (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('images_owner_idx').on('images').column('owner_id').execute();

        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('profile_color', 'text', (c) => c.notNull().defaultTo('blue'))
          .addColumn('profile_image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('expires_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('window_start', t.timestamp, (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .execute();
      },
    },
    '0002_households': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('users')
          .addColumn('was_kicked', t.boolean, (c) =>
            c.notNull().defaultTo(engine === 'postgres' ? sql`false` : 0),
          )
          .execute();

        await db.schema
          .createTable('households')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('invite_code', 'text', (c) => c.notNull().unique())
          .addColumn('rent_amount_cents', 'integer')
          .addColumn('rent_due_day', 'integer')
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('household_members')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          // unique: a user is in at most one household, whatever races between requests.
          .addColumn('user_id', 'text', (c) =>
            c.notNull().unique().references('users.id').onDelete('cascade'),
          )
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('joined_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('household_members_household_idx')
          .on('household_members')
          .column('household_id')
          .execute();

        await db.schema
          .createTable('household_events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('subject_id', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('household_events_household_idx')
          .on('household_events')
          .columns(['household_id', 'created_at'])
          .execute();
      },
    },
    '0003_messages': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('messages')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('messages_household_idx')
          .on('messages')
          .columns(['household_id', 'created_at', 'id'])
          .execute();

        await db.schema
          .createTable('message_reactions')
          .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('emoji', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'user_id', 'emoji'])
          .execute();
        await db.schema
          .createIndex('message_reactions_household_idx')
          .on('message_reactions')
          .column('household_id')
          .execute();

        await db.schema
          .alterTable('household_members')
          .addColumn('last_read_at', t.timestamp, (c) => c.notNull().defaultTo(0))
          .execute();

        // Real-time events too large for one PostgreSQL NOTIFY travel by reference through here.
        await db.schema
          .createTable('bus_payloads')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
      },
    },
    '0004_chores': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('chores')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('series_id', 'text', (c) => c.notNull())
          .addColumn('occurrence_index', 'integer', (c) => c.notNull())
          .addColumn('series_anchor_at', t.timestamp, (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('priority', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('due_at', t.timestamp, (c) => c.notNull())
          .addColumn('time_zone', 'text', (c) => c.notNull())
          .addColumn('assigned_to', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('recurrence', 'text')
          .addColumn('rotation', 'text', (c) => c.notNull())
          .addColumn('reminder', 'text', (c) => c.notNull())
          .addColumn('estimated_duration', 'integer', (c) => c.notNull())
          .addColumn('subtasks', t.json, (c) => c.notNull())
          .addColumn('notes', 'text')
          .addColumn('carried_streak', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('completed_at', t.timestamp)
          .addColumn('completed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('on_time', t.boolean)
          .addColumn('points_awarded', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('chores_household_idx')
          .on('chores')
          .columns(['household_id', 'status', 'due_at'])
          .execute();
        await db.schema
          .createIndex('chores_series_idx')
          .on('chores')
          .columns(['series_id', 'occurrence_index'])
          .unique()
          .execute();
        await db.schema
          .createIndex('chores_completed_idx')
          .on('chores')
          .columns(['household_id', 'completed_at'])
          .execute();

        await db.schema.alterTable('household_members').addColumn('away_from', t.timestamp).execute();
        await db.schema.alterTable('household_members').addColumn('away_until', t.timestamp).execute();
      },
    },
    '0005_expenses': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('expenses')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('amount_cents', t.timestamp, (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('notes', 'text')
          .addColumn('receipt_image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
          .addColumn('paid_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('split_type', 'text', (c) => c.notNull())
          .addColumn('is_recurring', t.boolean, (c) => c.notNull())
          .addColumn('recurring_interval', 'text')
          .addColumn('recurring_end_date', 'text')
          .addColumn('next_occurrence_date', 'text')
          .addColumn('recurrence_source_id', 'text')
          .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('expenses_household_idx')
          .on('expenses')
          .columns(['household_id', 'date', 'created_at'])
          .execute();
        await db.schema
          .createIndex('expenses_recurring_idx')
          .on('expenses')
          .column('next_occurrence_date')
          .execute();

        await db.schema
          .createTable('expense_splits')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('expense_id', 'text', (c) => c.notNull().references('expenses.id').onDelete('cascade'))
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('amount_cents', t.timestamp, (c) => c.notNull())
          .addColumn('settled', t.boolean, (c) => c.notNull())
          .addColumn('settled_at', t.timestamp)
          .execute();
        await db.schema
          .createIndex('expense_splits_expense_idx')
          .on('expense_splits')
          .column('expense_id')
          .execute();
        await db.schema
          .createIndex('expense_splits_household_idx')
          .on('expense_splits')
          .columns(['household_id', 'settled'])
          .execute();

        await db.schema
          .createTable('settlements')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('from_user', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('to_user', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('amount_cents', t.timestamp, (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('settlements_household_idx')
          .on('settlements')
          .columns(['household_id', 'created_at'])
          .execute();
      },
    },
    '0006_calendar': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('calendar_events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('notes', 'text')
          .addColumn('location', 'text')
          .addColumn('start_at', t.timestamp, (c) => c.notNull())
          .addColumn('end_at', t.timestamp, (c) => c.notNull())
          .addColumn('all_day', t.boolean, (c) => c.notNull())
          .addColumn('event_type', 'text', (c) => c.notNull())
          .addColumn('color', 'text', (c) => c.notNull())
          .addColumn('recurrence', 'text')
          .addColumn('reminder', 'text', (c) => c.notNull())
          .addColumn('attendees', t.json, (c) => c.notNull())
          .addColumn('exceptions', t.json, (c) => c.notNull())
          .addColumn('time_zone', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('calendar_events_household_idx')
          .on('calendar_events')
          .columns(['household_id', 'start_at'])
          .execute();

        await db.schema
          .createTable('calendar_feeds')
          .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
      },
    },
    '0007_listings': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('listings')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('rent', 'integer', (c) => c.notNull())
          .addColumn('utilities', 'integer')
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('city', 'text', (c) => c.notNull())
          .addColumn('city_key', 'text', (c) => c.notNull())
          .addColumn('state', 'text')
          .addColumn('zip_code', 'text')
          .addColumn('university', 'text')
          .addColumn('distance_to_campus', 'text')
          .addColumn('available_from', 'text', (c) => c.notNull())
          .addColumn('available_to', 'text')
          .addColumn('room_type', 'text', (c) => c.notNull())
          .addColumn('housing_type', 'text', (c) => c.notNull())
          .addColumn('gender_preference', 'text', (c) => c.notNull())
          .addColumn('student_year', 'text', (c) => c.notNull())
          .addColumn('study_habits', 'text', (c) => c.notNull())
          .addColumn('social_preferences', 'text', (c) => c.notNull())
          .addColumn('lifestyle_preferences', t.json, (c) => c.notNull())
          .addColumn('amenities', t.json, (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull())
          .addColumn('contact_info', 'text', (c) => c.notNull())
          .addColumn('featured', t.boolean, (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('listings_browse_idx')
          .on('listings')
          .columns(['status', 'featured', 'created_at'])
          .execute();
        await db.schema
          .createIndex('listings_city_idx')
          .on('listings')
          .columns(['city_key', 'status'])
          .execute();
        await db.schema.createIndex('listings_creator_idx').on('listings').column('created_by').execute();

        await db.schema
          .createTable('listing_images')
          .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id').onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('card_image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
          .addColumn('full_image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('listing_images_pk', ['listing_id', 'position'])
          .execute();
      },
    },
    // The dashboard's per-member aggregates (GET /api/dashboard, /api/home) read every row of a
    // household's history: these indexes hold all the columns each one reads, in the order it
    // groups by, so SQLite answers from the index alone (bench/dashboard.ts, BENCH.md).
    '0008_dashboard_indexes': {
      async up(db: Kysely<unknown>) {
        // Messages sent per member.
        await db.schema
          .createIndex('messages_author_idx')
          .on('messages')
          .columns(['household_id', 'type', 'user_id', 'created_at'])
          .execute();
        // Chores done per member with points, the completion chart, done since a date.
        await db.schema
          .createIndex('chores_done_idx')
          .on('chores')
          .columns(['household_id', 'status', 'completed_at', 'completed_by', 'points_awarded'])
          .execute();
        // Completion rate per assignee.
        await db.schema
          .createIndex('chores_assignee_idx')
          .on('chores')
          .columns(['household_id', 'assigned_to', 'status', 'due_at', 'completed_at'])
          .execute();
        // The latest expenses (recent activity) and the amounts paid per member.
        await db.schema
          .createIndex('expenses_created_idx')
          .on('expenses')
          .columns(['household_id', 'created_at', 'paid_by', 'amount_cents'])
          .execute();
      },
    },
    // Web Push (docs/decisions/0006-web-push.md): devices, settings, the outbox the sender
    // drains, and the bookkeeping that makes each reminder go out once.
    '0009_push': {
      async up(db: Kysely<unknown>) {
        const trueValue = engine === 'postgres' ? sql`true` : 1;
        // One VAPID key pair for every instance; the first to start writes it.
        await db.schema
          .createTable('push_keys')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('public_key', 'text', (c) => c.notNull())
          .addColumn('private_key', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('push_subscriptions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('endpoint', 'text', (c) => c.notNull().unique())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('last_used_at', t.timestamp)
          .execute();
        await db.schema
          .createIndex('push_subscriptions_user_idx')
          .on('push_subscriptions')
          .column('user_id')
          .execute();

        await db.schema
          .createTable('notification_settings')
          .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('enabled', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('message', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('chore', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('expense', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('calendar', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('household', t.boolean, (c) => c.notNull().defaultTo(trueValue))
          .addColumn('quiet_start', 'integer')
          .addColumn('quiet_end', 'integer')
          .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .execute();

        // One row per push per device; the unique dedupe key makes enqueueing idempotent.
        await db.schema
          .createTable('push_outbox')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('subscription_id', 'text', (c) =>
            c.notNull().references('push_subscriptions.id').onDelete('cascade'),
          )
          .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('urgency', 'text', (c) => c.notNull())
          .addColumn('not_before', t.timestamp, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
          .addColumn('claimed_until', t.timestamp)
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('push_outbox_due_idx')
          .on('push_outbox')
          .column('next_attempt_at')
          .execute();
        await db.schema
          .createIndex('push_outbox_subscription_idx')
          .on('push_outbox')
          .column('subscription_id')
          .execute();
        await db.schema.createIndex('push_outbox_user_idx').on('push_outbox').column('user_id').execute();

        // A chore's reminder and overdue push are sent for one due time each: moving the due
        // time arms them again. Snoozing sets remind_again_at.
        await db.schema.alterTable('chores').addColumn('reminded_due_at', t.timestamp).execute();
        await db.schema.alterTable('chores').addColumn('overdue_notified_due_at', t.timestamp).execute();
        await db.schema.alterTable('chores').addColumn('remind_again_at', t.timestamp).execute();
        await db.schema
          .createIndex('chores_remind_again_idx')
          .on('chores')
          .column('remind_again_at')
          .execute();

        await db.schema
          .createTable('event_reminders')
          .addColumn('event_id', 'text', (c) =>
            c.notNull().references('calendar_events.id').onDelete('cascade'),
          )
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('occurrence_start', t.timestamp, (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint('event_reminders_pk', ['event_id', 'occurrence_start'])
          .execute();
        await db.schema
          .createIndex('event_reminders_household_idx')
          .on('event_reminders')
          .column('household_id')
          .execute();

        // Per member, because each member's 09:00 is in their own time zone.
        await db.schema
          .createTable('rent_reminders')
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('month', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint('rent_reminders_pk', ['household_id', 'user_id', 'month'])
          .execute();
      },
    },
    // Files imported from elsewhere (Splitwise), by a hash of their normalised text, so that
    // importing the same file twice into a household is refused (docs/decisions/0008).
    '0010_imports': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('imports')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('file_hash', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('expense_count', 'integer', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addUniqueConstraint('imports_household_hash_unique', ['household_id', 'source', 'file_hash'])
          .execute();
      },
    },
    // A series' due dates count from an anchor occurrence, which a due-date edit moves: the
    // edited occurrence becomes the anchor (its index kept here), so a monthly chore moved to the
    // 31st goes on from the 31st rather than from a date clamped into a shorter month.
    '0011_chore_anchor_index': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('chores')
          .addColumn('anchor_index', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    // How many copies the sweep has made of a recurring expense, so the date after the next one
    // is computed from the series' own row instead of by counting its copies
    // (docs/decisions/0020-recurring-sweep-bounds.md). Existing series start from their copies.
    '0012_recurring_copy_count': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('expenses')
          .addColumn('recurrence_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`
          update expenses set recurrence_count = copies.n
          from (
            select recurrence_source_id, count(*) as n from expenses
            where recurrence_source_id is not null group by recurrence_source_id
          ) as copies
          where copies.recurrence_source_id = expenses.id
        `.execute(db);
      },
    },
    // What each image is for: receipts and profile photos may be kept by the browser only
    // (Cache-Control: private), listing photos by shared caches too. Backfilled from whichever
    // table refers to the image; one that nothing refers to counts as private.
    '0013_image_kind': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('images')
          .addColumn('kind', 'text', (c) => c.notNull().defaultTo('receipt'))
          .execute();
        await sql`update images set kind = 'profile'
          where id in (select profile_image_id from users where profile_image_id is not null)`.execute(db);
        await sql`update images set kind = 'listing'
          where id in (select card_image_id from listing_images)
             or id in (select full_image_id from listing_images)`.execute(db);
      },
    },
    '0014_ledger': {
      // Money becomes a ledger (docs/money.md): payments are records of money that moved, a
      // share is settled while a payment is linked to it, and deleted items wait in the trash.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('payments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('from_user', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('to_user', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('amount_cents', t.timestamp, (c) => c.notNull())
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('client_id', 'text')
          .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('deleted_at', t.timestamp)
          .addColumn('deleted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .execute();
        await db.schema
          .createIndex('payments_household_idx')
          .on('payments')
          .columns(['household_id', 'created_at'])
          .execute();
        // A repeated clientId from the same member is the same payment (a double tap).
        await db.schema
          .createIndex('payments_client_idx')
          .on('payments')
          .columns(['household_id', 'created_by', 'client_id'])
          .unique()
          .execute();
        await db.schema
          .createTable('payment_splits')
          .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
          .addColumn('split_id', 'text', (c) =>
            c.notNull().references('expense_splits.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('payment_splits_pk', ['payment_id', 'split_id'])
          .execute();
        await db.schema
          .createIndex('payment_splits_split_idx')
          .on('payment_splits')
          .column('split_id')
          .execute();

        await db.schema.alterTable('expenses').addColumn('deleted_at', t.timestamp).execute();
        await db.schema
          .alterTable('expenses')
          .addColumn('deleted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .execute();
        await db.schema
          .alterTable('households')
          .addColumn('simplify_debts', t.boolean, (c) =>
            c.notNull().defaultTo(engine === 'postgres' ? sql`true` : 1),
          )
          .execute();

        await db.schema
          .createTable('activity')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('subject_type', 'text', (c) => c.notNull())
          .addColumn('subject_id', 'text')
          .addColumn('summary', 'text', (c) => c.notNull())
          .addColumn('changes', t.json)
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('activity_household_idx')
          .on('activity')
          .columns(['household_id', 'created_at', 'id'])
          .execute();

        // Every settled share that counted for balances becomes a payment of that share from its
        // member to the payer, linked to it, on the day it was settled: each member's balance
        // stays what it was, to the cent. Settle-ups and imported Splitwise payments stay in
        // `settlements` as they were, no longer read: their effect is these shares.
        const settled = await sql<{
          id: string;
          household_id: string;
          user_id: string;
          paid_by: string;
          amount_cents: number | string;
          settled_at: number | string | null;
          date: string;
          created_at: number | string;
        }>`select s.id, s.household_id, s.user_id, e.paid_by, s.amount_cents, s.settled_at, e.date, e.created_at
           from expense_splits s join expenses e on e.id = s.expense_id
           where s.settled = ${engine === 'postgres' ? sql`true` : sql`1`}
             and s.user_id is not null and e.paid_by is not null
             and s.user_id <> e.paid_by and s.amount_cents > 0`.execute(db);
        for (let i = 0; i < settled.rows.length; i += 500) {
          const chunk = settled.rows.slice(i, i + 500).map((row) => {
            const at = Number(row.settled_at ?? row.created_at);
            return { row, paymentId: randomUUID(), at };
          });
          await (db as Kysely<LedgerTables>)
            .insertInto('payments')
            .values(
              chunk.map(({ row, paymentId, at }) => ({
                id: paymentId,
                household_id: row.household_id,
                from_user: row.user_id,
                to_user: row.paid_by,
                amount_cents: Number(row.amount_cents),
                date: row.settled_at === null ? row.date : new Date(at).toISOString().slice(0, 10),
                note: null,
                client_id: null,
                created_by: null,
                created_at: at,
              })),
            )
            .execute();
          await (db as Kysely<LedgerTables>)
            .insertInto('payment_splits')
            .values(chunk.map(({ row, paymentId }) => ({ payment_id: paymentId, split_id: row.id })))
            .execute();
        }
      },
    },
    // The ledger's sums read only index entries: the household's expenses that count with their
    // payer, then each one's shares with their member and amount, never the rows themselves.
    '0015_ledger_sums_index': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createIndex('expenses_ledger_idx')
          .on('expenses')
          .columns(['household_id', 'deleted_at', 'paid_by', 'id'])
          .execute();
        await db.schema
          .createIndex('expense_splits_ledger_idx')
          .on('expense_splits')
          .columns(['expense_id', 'user_id', 'amount_cents'])
          .execute();
        // The new index starts with the expense, so it serves every lookup the old one did.
        await db.schema.dropIndex('expense_splits_expense_idx').execute();
      },
    },
    // An import is accepted at once and written in the background (decision 0008): the row keeps
    // what is to be written until it is, and what the answer reports.
    '0016_imports_in_background': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('imports')
          .addColumn('state', 'text', (c) => c.notNull().defaultTo('done'))
          .execute();
        for (const count of ['payment_count', 'skipped_rows', 'carried_over']) {
          await db.schema
            .alterTable('imports')
            .addColumn(count, 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
        }
        await db.schema.alterTable('imports').addColumn('plan', 'text').execute();
      },
    },
    // E-mail goes out through a queue (src/server/mail/), and a password reset is a one-time
    // token kept hashed.
    '0017_mail_and_password_resets': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('mail_outbox')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
          .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('to_address', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text')
          .addColumn('html_body', 'text')
          .addColumn('headers', 'text')
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
          .addColumn('claimed_until', t.timestamp)
          .addColumn('failed_at', t.timestamp)
          .addColumn('error', 'text')
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('mail_outbox_due_idx')
          .on('mail_outbox')
          .columns(['failed_at', 'next_attempt_at'])
          .execute();
        await db.schema
          .createTable('password_resets')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('expires_at', t.timestamp, (c) => c.notNull())
          .addColumn('used_at', t.timestamp)
          .execute();
        await db.schema
          .createIndex('password_resets_user_idx')
          .on('password_resets')
          .column('user_id')
          .execute();
      },
    },
    // A member can see where they are signed in and end any of it: each session gets an id to
    // name it by (never its token's hash), the browser it began in, and when it was last used.
    '0018_session_devices': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
        await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
        await db.schema.alterTable('sessions').addColumn('last_seen_at', t.timestamp).execute();
        const sessions = db as Kysely<{ sessions: { token_hash: string; id: string | null } }>;
        const existing = await sessions.selectFrom('sessions').select('token_hash').execute();
        for (const { token_hash } of existing) {
          await sessions
            .updateTable('sessions')
            .set({ id: randomUUID() })
            .where('token_hash', '=', token_hash)
            .execute();
        }
        await db.schema.createIndex('sessions_id_idx').on('sessions').column('id').unique().execute();
      },
    },
    // Invites sent by e-mail: a token of their own in the link, naming the household and inviter.
    '0019_email_invites': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('household_invites')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('household_id', 'text', (c) =>
            c.notNull().references('households.id').onDelete('cascade'),
          )
          .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('expires_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('household_invites_household_idx')
          .on('household_invites')
          .column('household_id')
          .execute();
      },
    },
    // Notifications by e-mail (docs/notifications.md, By e-mail): a switch per kind, off until the
    // member turns it on; a week's summary claimed once per member; the key that signs
    // unsubscribe links, shared by every instance.
    '0020_email_notifications': {
      async up(db: Kysely<unknown>) {
        const falseValue = engine === 'postgres' ? sql`false` : 0;
        for (const column of ['email_chore', 'email_rent', 'email_expense', 'email_summary']) {
          await db.schema
            .alterTable('notification_settings')
            .addColumn(column, t.boolean, (c) => c.notNull().defaultTo(falseValue))
            .execute();
        }
        await db.schema
          .createTable('weekly_summaries')
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('week', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint('weekly_summaries_pk', ['user_id', 'week'])
          .execute();
        await db.schema
          .createTable('server_secrets')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();
      },
    },
    // A change of e-mail waits for the new address to follow its link: a one-time token kept
    // hashed, naming the address it confirms.
    '0021_email_changes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('email_changes')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('new_email', 'text', (c) => c.notNull())
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('expires_at', t.timestamp, (c) => c.notNull())
          .addColumn('used_at', t.timestamp)
          .execute();
        await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();
      },
    },
    // The member's language (docs/i18n.md); null follows the browser's.
    '0022_user_language': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('users').addColumn('language', 'text').execute();
      },
    },
    // A currency per household (existing ones keep US dollars), and expenses paid in another one
    // keep their own amount and the rate they were converted at.
    '0023_currencies': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('households')
          .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
          .execute();
        await db.schema.alterTable('expenses').addColumn('currency', 'text').execute();
        await db.schema.alterTable('expenses').addColumn('original_amount_cents', t.timestamp).execute();
        await db.schema.alterTable('expenses').addColumn('exchange_rate', 'text').execute();
      },
    },
    // Listings anywhere (docs/decisions/0036-listing-addresses.md): a country, postcode and region
    // beside the city, the street with who may see it (nobody else, until the poster says), and
    // rent in minor units of a currency. Existing listings are in the US, in whole US dollars: they
    // are copied across (dollars × 100). The columns of before (location, state, zip_code, rent,
    // utilities) keep what was saved, no longer read.
    '0024_listing_addresses': {
      async up(db: Kysely<unknown>) {
        const add = (column: string, type: 'text' | typeof t.timestamp, notNullDefault?: string | number) =>
          db.schema
            .alterTable('listings')
            .addColumn(column, type, (c) =>
              notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
            )
            .execute();
        await add('country', 'text', 'US');
        await add('postcode', 'text');
        await add('postcode_key', 'text');
        await add('region', 'text');
        await add('region_key', 'text');
        await add('street', 'text');
        await add('street_visibility', 'text', 'hidden');
        await add('rent_currency', 'text', 'USD');
        await add('rent_minor', t.timestamp, 0);
        await add('utilities_minor', t.timestamp);
        await sql`update listings set
            postcode = nullif(zip_code, ''), region = nullif(state, ''), street = nullif(location, ''),
            rent_minor = rent * 100, utilities_minor = utilities * 100`.execute(db);
        // The filters' keys, as the app writes them (rules.ts: postcodeKey; the region lower-cased).
        const rows = await sql<{ id: string; postcode: string | null; region: string | null }>`
          select id, postcode, region from listings where postcode is not null or region is not null`.execute(
          db,
        );
        for (const row of rows.rows) {
          await sql`update listings set
              postcode_key = ${row.postcode === null ? null : row.postcode.toUpperCase().replace(/[\s-]+/g, '')},
              region_key = ${row.region === null ? null : row.region.toLowerCase()}
            where id = ${row.id}`.execute(db);
        }
        await db.schema
          .createIndex('listings_area_idx')
          .on('listings')
          .columns(['country', 'city_key'])
          .execute();
      },
    },
    // System messages keep what they say as data, worded per reader (docs/i18n.md). Older ones
    // about joining, leaving or removal get theirs read back from their English; the rest keep
    // null and show their content.
    '0025_system_message_kinds': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('messages').addColumn('system', 'text').execute();
        const patterns = [
          ['member_joined', / joined the household$/],
          ['member_left', / left the household$/],
          ['member_removed', / was removed from the household$/],
        ] as const;
        const rows = await sql<{ id: string; content: string }>`
          select id, content from messages where type = 'system'`.execute(db);
        for (const row of rows.rows) {
          const match = patterns.find(([, pattern]) => pattern.test(row.content));
          if (!match) continue;
          const [kind, pattern] = match;
          const system = { kind, params: { userId: null, name: row.content.replace(pattern, '') } };
          await sql`update messages set "system" = ${JSON.stringify(system)} where id = ${row.id}`.execute(
            db,
          );
        }
      },
    },
    // A message may carry one photo (docs/chat.md, Photos). The photo goes with its message.
    '0026_message_photos': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('messages')
          .addColumn('image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
          .execute();
        await db.schema.createIndex('messages_image_idx').on('messages').column('image_id').execute();
      },
    },
    // The expenses list's filters and counts (docs/expenses.md, Filters): whether an expense has
    // a share still open (the Unsettled tab) is answered from this index alone. (An index on a
    // member's shares in the household made PostgreSQL read the open balances through it, slowly.)
    '0027_expense_filter_indexes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createIndex('expense_splits_open_idx')
          .on('expense_splits')
          .columns(['expense_id', 'settled', 'user_id', 'amount_cents'])
          .execute();
      },
    },
    // A message sent from a device's outbox carries the device's id for it (docs/chat.md,
    // Sending): the same id from the same member again is the message already stored.
    '0028_message_client_ids': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('messages').addColumn('client_id', 'text').execute();
        await db.schema
          .createIndex('messages_client_idx')
          .on('messages')
          .columns(['household_id', 'user_id', 'client_id'])
          .unique()
          .execute();
      },
    },
  };
}
