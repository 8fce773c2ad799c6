import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { ListingView } from '#shared/listings/api.ts';
import { postcodeKey } from '#shared/listings/rules.ts';
import type {
  createListingSchema,
  listingsQuerySchema,
  updateListingSchema,
} from '#shared/listings/schemas.ts';
import type { Amenity, LifestylePreference } from '#shared/listings/view.ts';
import { currencyExponent, formatAmount } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { readBoolean, readJson } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import type { ListingsTable } from '../../db/schema.ts';
import { toPublicUser } from '../accounts/queries.ts';
import type { ProcessedImage } from '../images/process.ts';
import { imageUrl, insertImage } from '../images/queries.ts';

type ListingRow = Selectable<ListingsTable>;

/** What a listing id can look like (ids are UUIDs); anything else names no listing. */
export const LISTING_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Who an answer is for. The poster always sees their street; anyone else sees it when the poster
 * shows it to everyone, except in an answer the read cache keeps (`cached`): that copy could
 * outlive the poster hiding it again, so it leaves other people's streets out.
 */
export interface Reader {
  userId: string;
  cached?: boolean;
}

function streetFor(row: ListingRow, reader: Reader): string | null {
  if (row.created_by === reader.userId) return row.street;
  return !reader.cached && row.street_visibility === 'everyone' ? row.street : null;
}

async function toListings(db: Db, rows: ListingRow[], reader: Reader): Promise<ListingView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const images = await db
    .selectFrom('listing_images')
    .selectAll()
    .where('listing_id', 'in', ids)
    .orderBy('position')
    .execute();
  const creators = await db
    .selectFrom('users')
    .selectAll()
    .where(
      'id',
      'in',
      rows.map((r) => r.created_by),
    )
    .execute();
  const byCreator = new Map(creators.map((u) => [u.id, toPublicUser(u)]));
  return rows.map((row) => {
    const own = images.filter((i) => i.listing_id === row.id);
    const creator = byCreator.get(row.created_by);
    const exponent = currencyExponent(row.rent_currency);
    const street = streetFor(row, reader);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      rent: formatAmount(Number(row.rent_minor), exponent),
      utilities: row.utilities_minor === null ? null : formatAmount(Number(row.utilities_minor), exponent),
      currency: row.rent_currency,
      country: row.country,
      postcode: row.postcode,
      city: row.city,
      region: row.region,
      street,
      streetVisibility: row.street_visibility,
      location: street ?? '',
      state: row.region,
      zipCode: row.postcode,
      university: row.university,
      distanceToCampus: row.distance_to_campus,
      availableFrom: row.available_from,
      availableTo: row.available_to,
      roomType: row.room_type,
      housingType: row.housing_type,
      genderPreference: row.gender_preference,
      studentYear: row.student_year,
      studyHabits: row.study_habits,
      socialPreferences: row.social_preferences,
      lifestylePreferences: readJson<LifestylePreference[]>(row.lifestyle_preferences),
      amenities: readJson<Amenity[]>(row.amenities),
      images: own.map((i) => imageUrl(i.full_image_id)),
      cardImages: own.map((i) => imageUrl(i.card_image_id)),
      featured: readBoolean(row.featured),
      status: row.status,
      contactInfo: row.contact_info,
      createdBy: row.created_by,
      creator: creator
        ? {
            firstName: creator.firstName,
            lastName: creator.lastName,
            profileColor: creator.profileColor,
            profileImageUrl: creator.profileImageUrl,
          }
        : null,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}

const searchText = (v: { title: string; description?: string | null; university?: string | null }) =>
  [v.title, v.description ?? '', v.university ?? ''].join('\n').toLowerCase();

export async function createListing(
  db: Db,
  userId: string,
  input: z.output<typeof createListingSchema> & {
    contactInfo: string;
    availableFrom: string;
    currency: string;
  },
  photos: { card: ProcessedImage; full: ProcessedImage }[],
  now: number,
): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('listings')
      .values({
        id,
        created_by: userId,
        title: input.title,
        description: input.description || null,
        // The columns of before migration 0024, no longer read.
        rent: 0,
        utilities: null,
        location: '',
        state: null,
        zip_code: null,
        rent_minor: input.rent,
        utilities_minor: input.utilities ?? null,
        rent_currency: input.currency,
        country: input.country,
        postcode: input.postcode ?? null,
        postcode_key: input.postcode ? postcodeKey(input.postcode) : null,
        city: input.city,
        city_key: input.city.toLowerCase(),
        region: input.region ?? null,
        region_key: input.region ? input.region.toLowerCase() : null,
        street: input.street ?? null,
        street_visibility: input.streetVisibility,
        university: input.university || null,
        distance_to_campus: input.distanceToCampus || null,
        available_from: input.availableFrom,
        available_to: input.availableTo ?? null,
        room_type: input.roomType,
        housing_type: input.housingType,
        gender_preference: input.genderPreference,
        student_year: input.studentYear,
        study_habits: input.studyHabits,
        social_preferences: input.socialPreferences,
        lifestyle_preferences: JSON.stringify([...new Set(input.lifestylePreferences)]),
        amenities: JSON.stringify([...new Set(input.amenities)]),
        search_text: searchText(input),
        contact_info: input.contactInfo,
        // Only an operator makes a listing featured (npm run listings:feature).
        featured: false,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    let position = 0;
    for (const photo of photos) {
      const card = await insertImage(trx, userId, photo.card, 'listing');
      const full = await insertImage(trx, userId, photo.full, 'listing');
      await trx
        .insertInto('listing_images')
        .values({ listing_id: id, position, card_image_id: card, full_image_id: full })
        .execute();
      position += 1;
    }
  });
  return id;
}

export async function getListing(db: Db, id: string, reader: Reader): Promise<ListingView | null> {
  const row = await db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toListings(db, [row], reader))[0]! : null;
}

type Query = z.output<typeof listingsQuerySchema>;

const encodeCursor = (row: ListingRow) =>
  Buffer.from(JSON.stringify([readBoolean(row.featured) ? 1 : 0, row.created_at, row.id])).toString(
    'base64url',
  );
function decodeCursor(cursor: string): [number, number, string] | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Checked as strictly as the columns it is compared with: a forged cursor is a 400, not a 500.
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      (value[0] === 0 || value[0] === 1) &&
      Number.isSafeInteger(value[1]) &&
      typeof value[2] === 'string' &&
      LISTING_ID.test(value[2])
    ) {
      return value as [number, number, string];
    }
  } catch {
    // fall through
  }
  return null;
}

export class BadCursor extends Error {}

/**
 * Active listings, featured first then newest (docs/listings.md, Order and pages), filtered, a page
 * at a time.
 */
export async function browseListings(
  db: Db,
  query: Query,
  reader: Reader,
): Promise<{ listings: ListingView[]; nextCursor: string | null }> {
  let q = db.selectFrom('listings').selectAll().where('status', '=', 'active');
  if (query.country) q = q.where('country', '=', query.country);
  if (query.city) q = q.where('city_key', '=', query.city.toLowerCase());
  if (query.region) q = q.where('region_key', '=', query.region.toLowerCase());
  if (query.postcode) {
    const prefix = postcodeKey(query.postcode).replace(/[\\%_]/g, (c) => `\\${c}`);
    if (prefix) q = q.where(sql<boolean>`postcode_key like ${`${prefix}%`} escape '\\'`);
  }
  if (query.featured === 'true') q = q.where('featured', '=', true);
  // Rents compare only within one currency: the one named, or US dollars for a bare range.
  if (query.currency) q = q.where('rent_currency', '=', query.currency);
  if (query.minRent !== undefined) q = q.where('rent_minor', '>=', query.minRent);
  if (query.maxRent !== undefined) q = q.where('rent_minor', '<=', query.maxRent);
  if (query.roomType) q = q.where('room_type', '=', query.roomType);
  if (query.housingType) q = q.where('housing_type', '=', query.housingType);
  if (query.availableBy) q = q.where('available_from', '<=', query.availableBy);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    if (!cursor) throw new BadCursor();
    const [featured, createdAt, id] = cursor;
    const f = featured === 1;
    q = q.where((eb) =>
      eb.or([
        ...(f ? [eb('featured', '=', false)] : []),
        eb.and([eb('featured', '=', f), eb('created_at', '<', createdAt)]),
        eb.and([eb('featured', '=', f), eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('featured', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  return {
    listings: await toListings(db, page, reader),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function myListings(db: Db, userId: string): Promise<ListingView[]> {
  const rows = await db
    .selectFrom('listings')
    .selectAll()
    .where('created_by', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return toListings(db, rows, { userId });
}

export async function updateListing(
  db: Db,
  id: string,
  changes: z.output<typeof updateListingSchema>,
  now: number,
): Promise<void> {
  const area = {
    ...(changes.country !== undefined ? { country: changes.country } : {}),
    ...(changes.postcode !== undefined
      ? { postcode: changes.postcode, postcode_key: changes.postcode ? postcodeKey(changes.postcode) : null }
      : {}),
    ...(changes.region !== undefined
      ? { region: changes.region, region_key: changes.region ? changes.region.toLowerCase() : null }
      : {}),
    ...(changes.street !== undefined ? { street: changes.street } : {}),
    ...(changes.streetVisibility !== undefined ? { street_visibility: changes.streetVisibility } : {}),
  };
  const row = await db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const next = {
    title: changes.title ?? row.title,
    description: changes.description !== undefined ? changes.description || null : row.description,
    university: changes.university !== undefined ? changes.university || null : row.university,
  };
  await db
    .updateTable('listings')
    .set({
      ...next,
      ...area,
      ...(changes.currency !== undefined ? { rent_currency: changes.currency } : {}),
      ...(changes.rent !== undefined ? { rent_minor: changes.rent } : {}),
      ...(changes.utilities !== undefined ? { utilities_minor: changes.utilities } : {}),
      ...(changes.city !== undefined ? { city: changes.city, city_key: changes.city.toLowerCase() } : {}),
      ...(changes.distanceToCampus !== undefined
        ? { distance_to_campus: changes.distanceToCampus || null }
        : {}),
      ...(changes.availableFrom !== undefined ? { available_from: changes.availableFrom } : {}),
      ...(changes.availableTo !== undefined ? { available_to: changes.availableTo } : {}),
      ...(changes.roomType !== undefined ? { room_type: changes.roomType } : {}),
      ...(changes.housingType !== undefined ? { housing_type: changes.housingType } : {}),
      ...(changes.genderPreference !== undefined ? { gender_preference: changes.genderPreference } : {}),
      ...(changes.studentYear !== undefined ? { student_year: changes.studentYear } : {}),
      ...(changes.studyHabits !== undefined ? { study_habits: changes.studyHabits } : {}),
      ...(changes.socialPreferences !== undefined ? { social_preferences: changes.socialPreferences } : {}),
      ...(changes.lifestylePreferences !== undefined
        ? { lifestyle_preferences: JSON.stringify([...new Set(changes.lifestylePreferences)]) }
        : {}),
      ...(changes.amenities !== undefined
        ? { amenities: JSON.stringify([...new Set(changes.amenities)]) }
        : {}),
      ...(changes.contactInfo !== undefined ? { contact_info: changes.contactInfo } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      search_text: searchText(next),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a listing and its photos. */
export async function deleteListing(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const images = await trx
      .selectFrom('listing_images')
      .select(['card_image_id', 'full_image_id'])
      .where('listing_id', '=', id)
      .execute();
    await trx.deleteFrom('listings').where('id', '=', id).execute();
    const imageIds = images.flatMap((i) => [i.card_image_id, i.full_image_id]);
    if (imageIds.length) await trx.deleteFrom('images').where('id', 'in', imageIds).execute();
  });
}

export async function setFeatured(db: Db, id: string, featured: boolean): Promise<boolean> {
  const result = await db.updateTable('listings').set({ featured }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A person's active listings, for their cap. */
export async function countActiveListings(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_by', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
