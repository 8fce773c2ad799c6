import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CAPS } from '#shared/caps.ts';
import { countryUsesPostcodes } from '#shared/countries.ts';
import { acceptedTags } from '#shared/i18n/languages.ts';
import { listingsApi } from '#shared/listings/api.ts';
import { bodyCurrency, listingMessages, listingSchemas } from '#shared/listings/schemas.ts';
import { currencyExponent, currencyForLocale, formatAmount, isCurrency, parseAmount } from '#shared/money.ts';
import { IMAGE_MAX_BYTES, messages } from '#shared/validation.ts';
import { type Context, requireAdmin, requireUser } from '../../auth/guards.ts';
import { findMembership, findUserById } from '../../auth/members.ts';
import { route } from '../../contracts/route.ts';
import { badRequest, checkCap, forbidden, notFound, parse, tooLarge } from '../../http/errors.ts';
import { getHousehold } from '../households/queries.ts';
import { processImage } from '../images/process.ts';
import {
  BadCursor,
  browseListings,
  countActiveListings,
  createListing,
  deleteListing,
  getListing,
  LISTING_ID,
  myListings,
  updateListing,
} from './queries.ts';

// Ten photos of up to 5 MB as base64 data URLs.
const LISTING_BODY_LIMIT = 72 * 1024 * 1024;
const CARD_SIDE = 640;

/** data:image/...;base64,... → bytes, at most 5 MB each; the content is checked by sharp later. */
function decodeDataUrl(dataUrl: string): Buffer {
  const match = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw badRequest(listingMessages.photoInvalid);
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length >= IMAGE_MAX_BYTES) throw tooLarge(messages.imageTooLarge);
  return bytes;
}

/** A weak ETag over the answer, so that an unchanged list costs a 304. */
function withEtag(
  request: { headers: Record<string, unknown> },
  reply: import('fastify').FastifyReply,
  body: unknown,
) {
  const text = JSON.stringify(body);
  // The next page's cursor is part of the answer too: a 304 must not keep an outdated one.
  const cursor = String(reply.getHeader('X-Next-Cursor') ?? '');
  const etag = `W/"${createHash('sha1').update(text).update(`\n${cursor}`).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json').send(text);
}

export function listingRoutes(app: FastifyInstance, ctx: Context): void {
  const { db } = ctx;

  /**
   * Told to the poster's household, their own devices among it: their home counts their listings
   * and lists the board's newest. Other households see the change at their next read; the board
   * is everyone's, and telling every socket of every household of each post would not scale.
   */
  const changed = (userId: string, listingId: string) =>
    ctx.events.toHouseholdOf(userId, { type: 'listing_changed', listingId });

  /**
   * A new listing's currency when the body names none: the poster's household's, else the one of
   * the language their browser asks for (Accept-Language), else US dollars.
   */
  const defaultCurrency = async (userId: string, acceptLanguage: string | undefined): Promise<string> => {
    const membership = await findMembership(db, userId);
    if (membership) {
      const household = await getHousehold(db, membership.householdId);
      // Read defensively: the household's currency arrives with migration 0023.
      const currency = (household as { currency?: unknown } | null)?.currency;
      if (isCurrency(currency)) return currency;
    }
    return currencyForLocale(acceptedTags(acceptLanguage)[0]);
  };

  route(app, listingsApi.browse, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const query = parse(listingsApi.browse.query, request.query);
    try {
      const page = await browseListings(db, query, { userId });
      // The web client reads a plain array; the next page's cursor travels in a header.
      if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
      return withEtag(request, reply, page.listings);
    } catch (error) {
      if (error instanceof BadCursor) throw badRequest('listing.bad_cursor', { field: 'cursor' });
      throw error;
    }
  });

  route(app, listingsApi.mine, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    return withEtag(request, reply, await myListings(db, userId));
  });

  // What a household admin's listing for their free room starts from.
  route(app, listingsApi.prefill, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const household = (await getHousehold(db, admin.householdId))!;
    const currency = isCurrency(household.currency) ? household.currency : 'USD';
    const exponent = currencyExponent(currency);
    const rent = household.rentAmount === null ? null : parseAmount(household.rentAmount, exponent);
    // An even share in whole units of the currency, as a listing's rent is usually written.
    const unit = 10 ** exponent;
    const share = rent === null ? null : Math.round(rent / unit / (household.members.length + 1)) * unit;
    return {
      title: `Room in ${household.name}`,
      rent: share === null ? null : formatAmount(share, exponent),
      currency,
      housingType: 'shared_house' as const,
    };
  });

  route(app, listingsApi.detail, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const { id } = parse(listingsApi.detail.params, request.params);
    const listing = LISTING_ID.test(id) ? await getListing(db, id, { userId }) : null;
    if (!listing || (listing.status !== 'active' && listing.createdBy !== userId)) {
      throw notFound('listing.not_available');
    }
    return withEtag(request, reply, listing);
  });

  route(
    app,
    listingsApi.create,
    async (request, reply) => {
      const userId = await requireUser(ctx, request, reply);
      const currency =
        bodyCurrency(request.body, '') || (await defaultCurrency(userId, request.headers['accept-language']));
      const input = parse(listingSchemas(currency).create, request.body);
      checkCap(await countActiveListings(db, userId), CAPS.activeListingsPerUser);
      const user = (await findUserById(db, userId))!;
      const availableFrom = input.availableFrom ?? new Date(ctx.now()).toISOString().slice(0, 10);
      // The schema compares the two dates only when both were sent; availableFrom may default to today.
      if (input.availableTo && input.availableTo < availableFrom) {
        throw badRequest(listingMessages.availableToBeforeFrom);
      }
      // Side by side: sharp encodes on its own threads, so ten photos take the time of a few.
      const photos = await Promise.all(
        input.images.map(async (dataUrl) => {
          const bytes = decodeDataUrl(dataUrl);
          const [card, full] = await Promise.all([processImage(bytes, CARD_SIDE), processImage(bytes)]);
          return { card, full };
        }),
      );
      const id = await createListing(
        db,
        userId,
        {
          ...input,
          currency,
          contactInfo: input.contactInfo || user.email,
          availableFrom,
        },
        photos,
        ctx.now(),
      );
      await changed(userId, id);
      return reply.status(201).send(await getListing(db, id, { userId }));
    },
    { bodyLimit: LISTING_BODY_LIMIT },
  );

  const requireCreator = async (
    request: Parameters<typeof requireUser>[1],
    reply: Parameters<typeof requireUser>[2],
  ) => {
    const userId = await requireUser(ctx, request, reply);
    const { id } = parse(listingsApi.update.params, request.params);
    const listing = LISTING_ID.test(id) ? await getListing(db, id, { userId }) : null;
    if (!listing || (listing.status !== 'active' && listing.createdBy !== userId))
      throw notFound('listing.not_found');
    if (listing.createdBy !== userId) throw forbidden('listing.not_yours');
    return listing;
  };

  route(app, listingsApi.update, async (request, reply) => {
    const listing = await requireCreator(request, reply);
    const changes = parse(listingSchemas(bodyCurrency(request.body, listing.currency)).update, request.body);
    // The amounts are in the listing's currency: a new one needs them again, in it.
    if (
      changes.currency !== undefined &&
      changes.currency !== listing.currency &&
      (changes.rent === undefined || (changes.utilities === undefined && listing.utilities !== null))
    ) {
      throw badRequest(listingMessages.currencyNeedsRent);
    }
    const country = changes.country ?? listing.country;
    const postcode = changes.postcode !== undefined ? changes.postcode : listing.postcode;
    if (
      (changes.country !== undefined || changes.postcode !== undefined) &&
      countryUsesPostcodes(country) &&
      !postcode
    )
      throw badRequest(listingMessages.postcodeRequired);
    const from = changes.availableFrom ?? listing.availableFrom;
    const to = changes.availableTo !== undefined ? changes.availableTo : listing.availableTo;
    if (to && to < from) throw badRequest(listingMessages.availableToBeforeFrom);
    if (changes.status === 'active' && listing.status !== 'active')
      checkCap(await countActiveListings(db, listing.createdBy), CAPS.activeListingsPerUser);
    await updateListing(db, listing.id, changes, ctx.now());
    await changed(listing.createdBy, listing.id);
    return (await getListing(db, listing.id, { userId: listing.createdBy }))!;
  });

  route(app, listingsApi.remove, async (request, reply) => {
    const listing = await requireCreator(request, reply);
    await deleteListing(db, listing.id);
    await changed(listing.createdBy, listing.id);
    return reply.status(204).send();
  });
}
