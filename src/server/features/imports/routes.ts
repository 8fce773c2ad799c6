import type { FastifyInstance } from 'fastify';
import { importsApi, type SplitwisePreview } from '#shared/imports/api.ts';
import {
  planImport,
  SPLITWISE_MAX_BYTES,
  SPLITWISE_MAX_PROBLEMS,
  SPLITWISE_TOO_LARGE,
  suggestMapping,
} from '#shared/imports/splitwise.ts';
import { centsToDollars } from '#shared/money.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { afterAnswer } from '../../http/after-answer.ts';
import { badRequest, conflict, notFound, parse, tooLarge } from '../../http/errors.ts';
import { listMembers } from '../households/queries.ts';
import { fileHash, readSplitwise } from './parse.ts';
import { acceptImport, getImport } from './queries.ts';
import type { ImportWriter } from './writer.ts';

// A 2 MB file grows when escaped into JSON (quotes, newlines); the schema checks the text itself.
const bodyLimit = 3 * SPLITWISE_MAX_BYTES;
const dollars = (cents: number) => cents / 100;

/** 413 for a file over the limit (SECURITY.md, Limits and caps), before the schema's other checks. */
function checkSize(body: unknown): void {
  const csv = (body as { csv?: unknown } | undefined)?.csv;
  if (typeof csv === 'string' && csv.length > SPLITWISE_MAX_BYTES) {
    throw tooLarge(SPLITWISE_TOO_LARGE);
  }
}

export function importRoutes(app: FastifyInstance, ctx: Context, writer: ImportWriter): void {
  const { db } = ctx;

  route(
    app,
    importsApi.splitwisePreview,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      checkSize(request.body);
      const { csv } = parse(importsApi.splitwisePreview.body, request.body);
      const file = await readSplitwise(csv);
      const members = (await listMembers(db, member.householdId)).map((m) => ({
        userId: m.userId,
        firstName: m.user.firstName,
        lastName: m.user.lastName,
      }));
      const suggested = suggestMapping(file.people, members);
      const preview: SplitwisePreview = {
        people: file.people.map((name) => ({ name, suggestedUserId: suggested[name] ?? null })),
        currency: file.currency,
        expenseCount: file.expenses.length,
        paymentCount: file.payments.length,
        dateRange: file.dateRange,
        total: centsToDollars(file.totalCents),
        finalBalances:
          file.finalBalances?.map((c, i) => ({ name: file.people[i]!, amount: dollars(c) })) ?? null,
        balancesMatch: file.finalBalances?.every((c, i) => c === file.computedBalances[i]) ?? false,
        problems: file.problems.slice(0, SPLITWISE_MAX_PROBLEMS),
        problemCount: file.problems.length,
      };
      return preview;
    },
    { bodyLimit },
  );

  route(
    app,
    importsApi.splitwise,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      checkSize(request.body);
      const { csv, mapping } = parse(importsApi.splitwise.body, request.body);
      const file = await readSplitwise(csv);
      const memberIds = new Set((await listMembers(db, member.householdId)).map((m) => m.userId));
      const missing = file.people.find((name) => !Object.hasOwn(mapping, name));
      if (missing !== undefined) throw badRequest(`mapping: choose a member or Skip for ${missing}`);
      const chosen = file.people.map((name) => mapping[name]).filter((id): id is string => !!id);
      if (chosen.length === 0) throw badRequest('mapping: choose a member for at least one person');
      if (chosen.some((id) => !memberIds.has(id))) {
        throw badRequest('mapping: every person must be skipped or matched to a member of your household');
      }
      if (new Set(chosen).size !== chosen.length) throw badRequest('mapping: each member can be chosen once');
      if (!file.dateRange) throw badRequest('The file has no expenses or payments that can be imported');

      const plan = planImport(file, mapping);
      const accepted = await acceptImport(
        db,
        member.householdId,
        member.userId,
        fileHash(csv),
        { plan, lastDate: file.dateRange.to },
        ctx.now(),
      );
      if (accepted === 'duplicate') throw conflict('This file has already been imported into your household');
      // Written once the answer has left: the writing holds SQLite's one connection meanwhile.
      afterAnswer(request, reply, 'starting a Splitwise import', () => writer.start(accepted.id));
      return reply.status(202).header('location', `/api/import/splitwise/${accepted.id}`).send(accepted);
    },
    { bodyLimit },
  );

  route(app, importsApi.splitwiseImport, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(importsApi.splitwiseImport.params, request.params);
    const found = await getImport(db, member.householdId, id);
    if (!found) throw notFound('There is no such import in your household');
    return found;
  });
}
