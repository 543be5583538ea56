// Records read straight from the driver, in the shape Prisma's client gives
// them. A Prisma read costs about a millisecond of the app's CPU per statement
// (its query interpreter, then its conversion of every value); the records most
// pages reach through a relation (an offer's listing and buyer, a review's
// author: loaders.ts) and the longest lists are read this way instead.
// records.test.ts reads every shape both ways and compares them.
import { Prisma, type Offer as OfferRecord, type Property as PropertyRecord, type Review as ReviewRecord, type User as UserRecord } from '../generated/prisma/client';
import { readRows, type Db } from './client';

/** How a model's record is read from its table. */
export interface RecordShape<R> {
  table: string;
  /**
   * Each field's column, under the name the record gives the field. Enums are
   * cast to text (the driver does not know their type); the other columns are
   * types the driver and Prisma read alike (text, integers, booleans, uuid,
   * timestamptz, float8, text[]), but for `decimals` and `dates`.
   */
  columns: Record<keyof R, string>;
  /** numeric columns: the driver reads text, the record holds Prisma's Decimal. */
  decimals?: ReadonlyArray<keyof R>;
  /** date columns: Prisma gives the day's midnight UTC (the driver would give local midnight). */
  dates?: ReadonlyArray<keyof R>;
}

export const PROPERTY_RECORD: RecordShape<PropertyRecord> = {
  table: 'properties',
  columns: {
    id: 'id',
    agentId: 'agent_id',
    title: 'title',
    location: 'location',
    image: 'image',
    description: 'description',
    priceMin: 'price_min',
    priceMax: 'price_max',
    status: 'status::text',
    isAdvertised: 'is_advertised',
    saleState: 'sale_state::text',
    propertyType: 'property_type::text',
    bedrooms: 'bedrooms',
    bathrooms: 'bathrooms',
    floorArea: 'floor_area',
    areaUnit: 'area_unit::text',
    floorAreaSqm: 'floor_area_sqm',
    yearBuilt: 'year_built',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    deletedAt: 'deleted_at',
    timeZone: 'time_zone',
    viewingMinutes: 'viewing_minutes',
    amenities: 'amenities',
    streetLine: 'street_line',
    area: 'area',
    city: 'city',
    postcode: 'postcode',
    countryCode: 'country_code',
    latitude: 'latitude',
    longitude: 'longitude',
    areaKey: 'area_key',
    cityKey: 'city_key',
    districtKey: 'district_key',
  },
  decimals: ['priceMin', 'priceMax', 'floorAreaSqm'],
};

export const USER_RECORD: RecordShape<UserRecord> = {
  table: 'users',
  columns: {
    id: 'id',
    firebaseUid: 'firebase_uid',
    email: 'email',
    name: 'name',
    image: 'image',
    role: 'role::text',
    createdAt: 'created_at',
    lastLogInAt: 'last_log_in',
  },
};

export const OFFER_RECORD: RecordShape<OfferRecord> = {
  table: 'offers',
  columns: {
    id: 'id',
    propertyId: 'property_id',
    buyerId: 'buyer_id',
    agentId: 'agent_id',
    amount: 'amount',
    buyingDate: 'buying_date',
    status: 'status::text',
    transactionId: 'transaction_id',
    paymentIntentId: 'payment_intent_id',
    amountWithheld: 'amount_withheld',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  decimals: ['amount'],
  dates: ['buyingDate'],
};

export const REVIEW_RECORD: RecordShape<ReviewRecord> = {
  table: 'reviews',
  columns: { id: 'id', propertyId: 'property_id', userId: 'user_id', text: 'text', createdAt: 'created_at' },
};

/** The select list of a shape's record over the table's alias (`FROM offers o` → `selectRecord(OFFER_RECORD, 'o')`). */
export function selectRecord<R>(shape: RecordShape<R>, alias: string): Prisma.Sql {
  const dates = new Set<keyof R>(shape.dates ?? []);
  const columns = Object.entries(shape.columns) as Array<[keyof R & string, string]>;
  return Prisma.raw(
    columns
      .map(([field, column]) => (dates.has(field) ? `(${alias}.${column}::timestamp AT TIME ZONE 'UTC') AS "${field}"` : `${alias}.${column} AS "${field}"`))
      .join(', '),
  );
}

/** Rows selected with `selectRecord(shape, …)` (and any further columns), as the shape's records. */
export async function readRecords<R, Row extends R = R>(db: Db, shape: RecordShape<R>, query: Prisma.Sql): Promise<Row[]> {
  const rows = await readRows<Record<string, unknown>>(db, query);
  const decimals = (shape.decimals ?? []) as readonly string[];
  if (decimals.length) {
    for (const row of rows) {
      for (const field of decimals) {
        const value = row[field];
        if (typeof value === 'string') row[field] = new Prisma.Decimal(value);
      }
    }
  }
  return rows as Row[];
}

/** The records with these ids (in no particular order; missing ids are simply absent). */
export function readRecordsByIds<R>(db: Db, shape: RecordShape<R>, ids: readonly string[]): Promise<R[]> {
  return readRecords(db, shape, Prisma.sql`SELECT ${selectRecord(shape, 't')} FROM ${Prisma.raw(shape.table)} t WHERE t.id = ANY(${[...ids]}::uuid[])`);
}
