import type { FastifyInstance } from 'fastify';
import { calendarApi } from '#shared/calendar/api.ts';
import { calendarWindowSchema, eventMessages } from '#shared/calendar/schemas.ts';
import { CAPS } from '#shared/caps.ts';
import { type Context, requireMember, type requireUser } from '../../auth/guards.ts';
import { findMembership } from '../../auth/members.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, checkCap, notFound, parse } from '../../http/errors.ts';
import { logActivity } from '../activity/queries.ts';
import { isMember } from '../households/queries.ts';
import {
  countEvents,
  countRecurringEvents,
  createEvent,
  deleteEvent,
  exceptionsOf,
  feedToken,
  findEvent,
  listOccurrences,
  toEvent,
  updateEvent,
  userForFeedToken,
} from './queries.ts';

export function calendarRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  const checkAttendees = async (householdId: string, attendees: string[] | undefined) => {
    for (const id of attendees ?? []) {
      if (!(await isMember(db, householdId, id))) throw badRequest('calendar.attendees_not_members');
    }
  };

  route(app, calendarApi.list, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const range = parse(calendarApi.list.query, request.query);
    // By default the visible months around today: the previous, this and the next.
    const now = new Date(ctx.now());
    const from = range.from
      ? Date.parse(range.from)
      : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const to = range.to ? Date.parse(range.to) : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1);
    // Checked with the defaults filled in, so a lone far-away `from` cannot widen the window either.
    parse(calendarWindowSchema, { from, to });
    return listOccurrences(db, member.householdId, from, to);
  });

  route(app, calendarApi.create, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const input = parse(calendarApi.create.body, request.body);
    await checkAttendees(member.householdId, input.attendees);
    checkCap(await countEvents(db, member.householdId), CAPS.eventsPerHousehold);
    if (input.recurrence)
      checkCap(await countRecurringEvents(db, member.householdId), CAPS.recurringEventsPerHousehold);
    const event = toEvent(await createEvent(db, member.householdId, member.userId, input, ctx.now()));
    await events.toHousehold(member.householdId, { type: 'new_calendar_event', event });
    await logActivity(
      db,
      events,
      {
        householdId: member.householdId,
        actorId: member.userId,
        kind: 'event_created',
        subject: { type: 'event', id: event.id },
        summary: event.title,
      },
      ctx.now(),
    );
    return reply.status(201).send(event);
  });

  route(app, calendarApi.update, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(calendarApi.update.params, request.params);
    const changes = parse(calendarApi.update.body, request.body);
    const row = await findEvent(db, member.householdId, id);
    if (!row) throw notFound('calendar.event_not_found');
    await checkAttendees(member.householdId, changes.attendees);
    const start = changes.startDate ? Date.parse(changes.startDate) : row.start_at;
    const end = changes.endDate ? Date.parse(changes.endDate) : row.end_at;
    if (end < start) throw badRequest(eventMessages.endBeforeStart);
    if (changes.recurrence && !row.recurrence)
      checkCap(await countRecurringEvents(db, member.householdId), CAPS.recurringEventsPerHousehold);
    const event = toEvent(await updateEvent(db, row, changes, ctx.now()));
    await events.toHousehold(member.householdId, { type: 'calendar_event_updated', event });
    await logActivity(
      db,
      events,
      {
        householdId: member.householdId,
        actorId: member.userId,
        kind: 'event_edited',
        subject: { type: 'event', id: event.id },
        summary: event.title,
      },
      ctx.now(),
    );
    return event;
  });

  route(app, calendarApi.remove, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(calendarApi.remove.params, request.params);
    const { occurrence } = parse(calendarApi.remove.query, request.query);
    const row = await findEvent(db, member.householdId, id);
    if (!row) throw notFound('calendar.event_not_found');
    if (occurrence && row.recurrence) checkCap(exceptionsOf(row).length, CAPS.skippedOccurrencesPerEvent);
    await deleteEvent(db, row, occurrence ? Date.parse(occurrence) : null, ctx.now());
    await events.toHousehold(member.householdId, { type: 'calendar_event_deleted', id });
    await logActivity(
      db,
      events,
      {
        householdId: member.householdId,
        actorId: member.userId,
        kind: 'event_deleted',
        subject: { type: 'event', id },
        summary: occurrence ? `${row.title} (${occurrence.slice(0, 10)})` : row.title,
      },
      ctx.now(),
    );
    return reply.status(204).send();
  });

  /** The member's secret feed link; `reset` invalidates the old one. */
  const feedLink = async (
    request: Parameters<typeof requireUser>[1],
    reply: Parameters<typeof requireUser>[2],
    reset: boolean,
  ) => {
    const member = await requireMember(ctx, request, reply);
    const token = await feedToken(db, member.userId, reset);
    const origin = ctx.config.publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
    return { url: `${origin}/api/calendar/feed/${token}.ics` };
  };
  route(app, calendarApi.feed, (request, reply) => feedLink(request, reply, false));
  route(app, calendarApi.resetFeed, (request, reply) => feedLink(request, reply, true));

  route(app, calendarApi.feedFile, async (request, reply) => {
    const parsed = calendarApi.feedFile.params.safeParse(request.params);
    const userId = parsed.success ? await userForFeedToken(db, parsed.data.file.slice(0, -4)) : null;
    const membership = userId ? await findMembership(db, userId) : undefined;
    if (!membership) throw notFound('calendar.no_such_feed');
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .send(ctx.downloads.open('calendar', { householdId: membership.householdId, now: ctx.now() }));
  });
}
