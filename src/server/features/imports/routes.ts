import type { FastifyInstance } from 'fastify';
import { importsApi } from '#shared/imports/api.ts';
import {
  missingRate,
  SPLITWISE_MAX_BYTES,
  type SplitwiseFile,
  suggestMapping,
  unusableRate,
} from '#shared/imports/splitwise.ts';
import type { ImportMoney } from '#shared/imports/splitwise-money.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { afterAnswer } from '../../http/after-answer.ts';
import { badRequest, conflict, notFound, parse, tooLarge } from '../../http/errors.ts';
import { householdCurrency, listMembers } from '../households/queries.ts';
import { fileHash, planSplitwise, readSplitwise } from './parse.ts';
import { previewOf } from './preview.ts';
import { acceptImport, getImport } from './queries.ts';
import type { ImportWriter } from './writer.ts';

// A 2 MB file grows when escaped into JSON (quotes, newlines); the schema checks the text itself.
const bodyLimit = 3 * SPLITWISE_MAX_BYTES;

/** 413 for a file over the limit (SECURITY.md, Limits and caps), before the schema's other checks. */
function checkSize(body: unknown): void {
  const csv = (body as { csv?: unknown } | undefined)?.csv;
  if (typeof csv === 'string' && csv.length > SPLITWISE_MAX_BYTES) {
    throw tooLarge('import.file_too_large');
  }
}

/** 400 naming the currency when its rate is missing, or makes a row 0 or too large. */
function checkRates(file: SplitwiseFile, money: ImportMoney): void {
  const household = money.currency;
  const missing = missingRate(file, money);
  if (missing) throw badRequest('import.rate_missing', { field: 'rates', currency: missing, household });
  const unusable = unusableRate(file, money);
  if (unusable) {
    const { currency, row } = unusable;
    throw badRequest('import.rate_unusable', { field: `rates.${currency}`, row, household });
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
      return previewOf(file, suggested, await householdCurrency(db, member.householdId));
    },
    { bodyLimit },
  );

  route(
    app,
    importsApi.splitwise,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      checkSize(request.body);
      const { csv, mapping, rates } = parse(importsApi.splitwise.body, request.body);
      const file = await readSplitwise(csv);
      const memberIds = new Set((await listMembers(db, member.householdId)).map((m) => m.userId));
      const missing = file.people.find((name) => !Object.hasOwn(mapping, name));
      if (missing !== undefined)
        throw badRequest('import.mapping_missing', { field: 'mapping', person: missing });
      const chosen = file.people.map((name) => mapping[name]).filter((id): id is string => !!id);
      if (chosen.length === 0) throw badRequest('import.mapping_empty', { field: 'mapping' });
      if (chosen.some((id) => !memberIds.has(id))) {
        throw badRequest('import.mapping_not_member', { field: 'mapping' });
      }
      if (new Set(chosen).size !== chosen.length)
        throw badRequest('import.mapping_repeated', { field: 'mapping' });
      if (!file.dateRange) throw badRequest('import.nothing_to_import');
      const money = { currency: await householdCurrency(db, member.householdId), rates };
      checkRates(file, money);

      const plan = await planSplitwise(file, mapping, money);
      const accepted = await acceptImport(
        db,
        member.householdId,
        member.userId,
        fileHash(csv),
        { plan, lastDate: file.dateRange.to, currency: money.currency },
        ctx.now(),
      );
      if (accepted === 'duplicate') throw conflict('import.already_imported');
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
    if (!found) throw notFound('import.not_found');
    return found;
  });
}
