// Demo data: one sign-in per role, and a marketplace that shows the product
// (prisma/demo/catalogue.ts says what is in it; docs/demo-data.md describes it).
// Runs at every `npm start` while identity is emulated (SEED_DEMO overrides):
// accounts are re-created if the emulator lost them; everything else is written
// once, in one transaction, the first time (a restart adds nothing).
//
// Dates count back from `now` (the start-up's clock by default), so a new demo
// always looks recent; the visual check passes a fixed one, so that its
// screenshots show the same dates on every run.
import { splitLocation } from '@opennest/common/address';
import { dollars } from '@opennest/common/money';
import { floorAreaInSquareMetres } from '@opennest/common/property-facts';
import { addDays, isoWeekday, zonedDate, zonedInstant } from '@opennest/common/zoned-time';
import type { IdentityProvider } from '../server/auth/identity-provider';
import type { Db } from '../server/db/client';
import type { NotificationType, Prisma, Role } from '../server/generated/prisma/client';
import type { Logger } from '../server/infra/logger';
import { NUDGE_AFTER_HOURS, recordAnswer, recordQuestion } from '../server/insight/reply-time';
import type { ImageStorage } from '../server/uploads/image-storage';
import {
  DEMO_ACCOUNTS,
  DEMO_CONVERSATIONS,
  DEMO_AMENITY_FACTS,
  DEMO_COUNTRY,
  DEMO_LISTINGS,
  DEMO_OFFERS,
  DEMO_OPEN_HOUSES,
  DEMO_PEOPLE,
  DEMO_REPORTS,
  DEMO_REVIEWS,
  DEMO_SAVED_SEARCHES,
  DEMO_TIME_ZONE,
  DEMO_VIEWING_AVAILABILITY,
  DEMO_VIEWINGS,
  DEMO_WISHLIST,
  type Person,
} from './demo/catalogue';
import { storeDemoPhoto } from './demo/photos';

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

export interface DemoSeedOptions {
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
  log: Logger;
  /** What the demo's dates count back from. */
  now?: Date;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Whoever seeds first (two processes starting on one database) writes the demo; the other finds it there. */
const SEED_LOCK = 'opennest-demo-seed';

export async function seedDemoData({ db, identity, storage, log, now = new Date() }: DemoSeedOptions): Promise<DemoLogin[]> {
  const people = await seedDemoPeople(db, identity, now);
  if (!(await hasDemoListings(db, people))) await seedDemoMarketplace(db, storage, log, people, now);
  return DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }));
}

/** The demo sign-ins (identity account and user record) and the people without one; their user ids by `Person`. */
export async function seedDemoPeople(db: Db, identity: IdentityProvider, now = new Date()): Promise<Map<Person, string>> {
  const uids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) uids.set(account.email, (await demoIdentity(identity, account)).uid);
  const everyone = [
    ...DEMO_ACCOUNTS.map((account) => ({ key: account.role as string, firebaseUid: uids.get(account.email)!, email: account.email, name: account.name, role: account.role })),
    ...DEMO_PEOPLE.map((person) => ({ key: person.key as string, firebaseUid: `demo-${person.key}`, email: person.email, name: person.name, role: person.role })),
  ];
  // Skips whoever is there already (also when another process is seeding at the same moment).
  await db.user.createMany({
    data: everyone.map(({ key: _key, ...person }, index) => ({ ...person, createdAt: new Date(now.getTime() - (120 - index * 7) * DAY_MS), lastLogInAt: new Date(now.getTime() - (index + 1) * DAY_MS) })),
    skipDuplicates: true,
  });
  // An account the emulator lost was made again with a new uid: its record follows.
  for (const account of DEMO_ACCOUNTS) await db.user.updateMany({ where: { email: account.email, NOT: { firebaseUid: uids.get(account.email)! } }, data: { firebaseUid: uids.get(account.email)! } });
  const records = await db.user.findMany({ where: { email: { in: everyone.map((person) => person.email) } }, select: { id: true, email: true } });
  const ids = new Map<Person, string>();
  for (const person of everyone) if (person.role !== 'fraud') ids.set(person.key as Person, records.find((record) => record.email === person.email)!.id);
  return ids;
}

/** The account's identity, created when missing (also when another process created it meanwhile). */
async function demoIdentity(identity: IdentityProvider, account: (typeof DEMO_ACCOUNTS)[number]) {
  const existing = async () => (await identity.getAccount(account.uid)) ?? (await identity.getAccountByEmail(account.email));
  const found = await existing();
  if (found) return found;
  try {
    return await identity.createAccount({ uid: account.uid, email: account.email, password: account.password, displayName: account.name });
  } catch (error) {
    const created = await existing();
    if (created) return created;
    throw error;
  }
}

const hasDemoListings = async (db: Pick<Db, 'property'>, people: Map<Person, string>) => (await db.property.count({ where: { agentId: people.get('agent')! } })) > 0;

async function seedDemoMarketplace(db: Db, storage: ImageStorage, log: Logger, people: Map<Person, string>, now: Date) {
  const startedAt = Date.now();
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY_MS + minutes * MINUTE_MS);
  const person = (key: Person) => people.get(key)!;
  const nameOf = (key: Person) => [...DEMO_ACCOUNTS.filter((account) => account.role === key), ...DEMO_PEOPLE.filter((other) => other.key === key)][0]!.name;

  // Photos first (the slow part, outside the transaction). Eight at a time: sharp uses the other cores.
  const photoJobs = DEMO_LISTINGS.flatMap((listing) => listing.photos.map((scene) => () => storeDemoPhoto(storage, scene, listing.colour)));
  const photoUrls: string[] = [];
  for (let next = 0; next < photoJobs.length; next += 8) photoUrls.push(...(await Promise.all(photoJobs.slice(next, next + 8).map((job) => job()))));
  const photosOf = (index: number) => {
    const before = DEMO_LISTINGS.slice(0, index).reduce((count, listing) => count + listing.photos.length, 0);
    return photoUrls.slice(before, before + DEMO_LISTINGS[index]!.photos.length);
  };

  const written = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`;
      if (await hasDemoListings(tx, people)) return false;

      const listings = new Map<string, { id: string; agentId: string; title: string }>();
      for (const [index, listing] of DEMO_LISTINGS.entries()) {
        const photos = photosOf(index);
        const listedAt = at(listing.listedDaysAgo);
        const created = await tx.property.create({
          data: {
            agentId: person(listing.agent),
            title: listing.title,
            location: listing.location,
            // A complete address (issue 19's parts), so no demo listing asks its agent to complete it.
            ...splitLocation(listing.location),
            countryCode: DEMO_COUNTRY,
            image: photos[0]!,
            description: listing.description,
            priceMin: listing.priceMin,
            priceMax: listing.priceMax,
            status: listing.status,
            saleState: listing.saleState,
            isAdvertised: listing.isAdvertised,
            propertyType: listing.propertyType,
            bedrooms: listing.bedrooms,
            bathrooms: listing.bathrooms,
            floorArea: listing.floorArea,
            areaUnit: listing.areaUnit,
            floorAreaSqm: floorAreaInSquareMetres(listing.floorArea, listing.areaUnit).toFixed(2),
            yearBuilt: listing.yearBuilt,
            amenities: DEMO_AMENITY_FACTS[listing.key] ?? [],
            createdAt: listedAt,
            updatedAt: at(Math.min(listing.listedDaysAgo, ...listing.events.map((event) => event.daysAgo))),
            photos: { create: photos.map((url, position) => ({ url, position, createdAt: listedAt })) },
            events: {
              create: [
                { kind: 'listed' as const, createdAt: listedAt },
                ...listing.events.map((event) => ({
                  kind: event.kind,
                  createdAt: at(event.daysAgo),
                  ...(event.priceBefore ? { data: { before: { priceMin: event.priceBefore[0], priceMax: event.priceBefore[1] }, after: { priceMin: listing.priceMin, priceMax: listing.priceMax } } } : {}),
                })),
              ],
            },
          },
        });
        listings.set(listing.key, { id: created.id, agentId: created.agentId, title: created.title });
      }
      const listingOf = (key: string) => listings.get(key)!;

      // What each person is told, collected as the activity is written (read unless recent).
      const notifications: Array<{ recipient: string; type: NotificationType; subjectId: string; text: string; dedupeKey: string; at: Date }> = [];
      const notify = (recipient: string, type: NotificationType, subjectId: string, text: string, dedupeKey: string, when: Date) => notifications.push({ recipient, type, subjectId, text, dedupeKey, at: when });

      for (const listing of DEMO_LISTINGS) {
        const { id, agentId, title } = listingOf(listing.key);
        for (const event of listing.events) {
          if (event.kind === 'verified') notify(agentId, 'listing_verified', id, `${title} was verified: buyers can see it now.`, `listing-verified:${id}`, at(event.daysAgo));
          if (event.kind === 'rejected') notify(agentId, 'listing_rejected', id, `${title} was rejected by an admin.`, `listing-rejected:${id}`, at(event.daysAgo));
          if (event.kind === 'advertised') notify(agentId, 'listing_advertised', id, `${title} is now advertised on the home page.`, `listing-advertised:${id}`, at(event.daysAgo));
        }
      }

      for (const [index, offer] of DEMO_OFFERS.entries()) {
        const listing = listingOf(offer.listing);
        const made = at(offer.daysAgo, index);
        const decided = offer.decidedDaysAgo === undefined ? made : at(offer.decidedDaysAgo, index);
        const paid = offer.paidDaysAgo === undefined ? undefined : at(offer.paidDaysAgo);
        const buyingDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offer.buyingInDays));
        const created = await tx.offer.create({
          data: {
            propertyId: listing.id,
            buyerId: person(offer.buyer),
            agentId: listing.agentId,
            amount: offer.amount,
            buyingDate,
            status: offer.status,
            transactionId: offer.status === 'bought' ? `pi_demo_${offer.key.replace(/-/g, '_')}` : null,
            createdAt: made,
            updatedAt: paid ?? decided,
          },
        });
        const amount = dollars(offer.amount);
        notify(listing.agentId, 'offer_received', created.id, `${nameOf(offer.buyer)} offered ${amount} on ${listing.title}.`, `offer-received:${created.id}`, made);
        if (offer.status === 'accepted' || offer.status === 'bought') {
          await tx.listingEvent.create({ data: { propertyId: listing.id, kind: 'offer_accepted', createdAt: decided } });
          notify(created.buyerId, 'offer_accepted', created.id, `Your offer of ${amount} on ${listing.title} was accepted. You can pay for it now.`, `offer-accepted:${created.id}`, decided);
        }
        if (offer.status === 'rejected') notify(created.buyerId, 'offer_outbid', created.id, `Another offer on ${listing.title} was accepted, so yours was rejected.`, `offer-rejected:${created.id}`, decided);
        if (paid) {
          await tx.listingEvent.create({ data: { propertyId: listing.id, kind: 'sold', createdAt: paid } });
          notify(listing.agentId, 'sold', created.id, `${nameOf(offer.buyer)} paid ${amount} for ${listing.title}.`, `sold:${created.id}`, paid);
        }
      }

      for (const review of DEMO_REVIEWS) {
        const listing = listingOf(review.listing);
        const created = await tx.review.create({ data: { propertyId: listing.id, userId: person(review.author), text: review.text, createdAt: at(review.daysAgo) } });
        notify(listing.agentId, 'new_review', listing.id, `${nameOf(review.author)} reviewed ${listing.title}.`, `review:${created.id}`, created.createdAt);
      }

      for (const conversation of DEMO_CONVERSATIONS) {
        const listing = listingOf(conversation.listing);
        const buyerId = person(conversation.buyer);
        const sent = conversation.messages.map((message, index) => ({ ...message, at: at(message.daysAgo, index * 47) }));
        const lastFrom = (side: 'buyer' | 'agent') => sent.filter((message) => message.from === side).at(-1)?.at;
        const last = sent.at(-1)!.at;
        const created = await tx.conversation.create({
          data: {
            propertyId: listing.id,
            buyerId,
            agentId: listing.agentId,
            createdAt: sent[0]!.at,
            lastMessageAt: last,
            buyerReadAt: conversation.readByBuyer ? last : lastFrom('buyer'),
            agentReadAt: conversation.readByAgent ? last : lastFrom('agent'),
          },
        });
        const agentKey = DEMO_LISTINGS.find((demo) => demo.key === conversation.listing)!.agent;
        for (const message of sent) {
          const [senderId, senderName, recipient] = message.from === 'buyer' ? [buyerId, nameOf(conversation.buyer), listing.agentId] : [listing.agentId, nameOf(agentKey), buyerId];
          const written = await tx.message.create({ data: { conversationId: created.id, senderId, body: message.body, createdAt: message.at } });
          notify(recipient, 'new_message', created.id, `${senderName} about ${listing.title}: ${message.body}`, `message:${written.id}`, message.at);
        }
        // The buyer's first message asks the agent; the agent's first message after it answers (insight/reply-time.ts).
        const question = sent.find((message) => message.from === 'buyer');
        const answer = question && sent.find((message) => message.from === 'agent' && message.at > question.at);
        if (question) await recordQuestion(tx, { subjectId: created.id, kind: 'message', agentId: listing.agentId, askedAt: question.at });
        if (answer) await recordAnswer(tx, { subjectId: created.id, agentId: listing.agentId, at: answer.at });
      }

      await tx.wishlistItem.createMany({ data: DEMO_WISHLIST.map((item) => ({ propertyId: listingOf(item.listing).id, userId: person(item.owner), createdAt: at(item.daysAgo) })) });

      for (const report of DEMO_REPORTS) {
        await tx.listingReport.create({
          data: {
            propertyId: listingOf(report.listing).id,
            reporterId: person(report.reporter),
            reason: report.reason,
            details: report.details,
            status: report.status,
            createdAt: at(report.daysAgo),
            ...(report.resolution ? { resolutionNote: report.resolution.note, resolvedAt: at(report.resolution.daysAgo) } : {}),
          },
        });
      }

      for (const saved of DEMO_SAVED_SEARCHES) {
        const criteria = { version: 2, search: saved.search, sort: saved.sort, filter: saved.filter } satisfies Prisma.InputJsonObject;
        await tx.savedSearch.create({
          data: { userId: person(saved.owner), name: saved.name, criteria, locationTerm: saved.search.toLowerCase(), frequency: saved.frequency, createdAt: at(saved.daysAgo), updatedAt: at(saved.daysAgo) },
        });
      }

      // Viewings: when three listings take them, booked and requested ones to come, held ones with feedback, open houses.
      const today = zonedDate(now, DEMO_TIME_ZONE);
      const localInstant = (inDays: number, time: string) => zonedInstant(addDays(today, inDays), time, DEMO_TIME_ZONE);
      const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
      for (const availability of DEMO_VIEWING_AVAILABILITY) {
        const { id } = listingOf(availability.listing);
        await tx.property.update({ where: { id }, data: { timeZone: DEMO_TIME_ZONE, viewingMinutes: availability.minutes } });
        await tx.viewingWindow.createMany({ data: availability.windows.map((window) => ({ propertyId: id, weekday: window.weekday, startMinute: minutesOf(window.from), endMinute: minutesOf(window.to) })) });
      }
      for (const viewing of DEMO_VIEWINGS) {
        const listing = listingOf(viewing.listing);
        const inDays = 'weekday' in viewing.when ? ((viewing.when.weekday - isoWeekday(today) + 6) % 7) + 1 : -viewing.when.daysAgo;
        const startsAt = localInstant(inDays, viewing.at);
        const endsAt = new Date(startsAt.getTime() + viewing.minutes * MINUTE_MS);
        const asked = new Date(startsAt.getTime() - 4 * DAY_MS);
        const created = await tx.viewing.create({
          data: {
            propertyId: listing.id,
            buyerId: person(viewing.buyer),
            agentId: listing.agentId,
            startsAt,
            endsAt,
            timeZone: DEMO_TIME_ZONE,
            kind: viewing.kind,
            status: viewing.status,
            // Confirmed ones went through one change (the confirmation or the instant booking's invite).
            sequence: viewing.status === 'confirmed' && viewing.kind === 'request' ? 1 : 0,
            createdAt: asked,
            updatedAt: asked,
            ...(viewing.feedback ? { feedbackRequestedAt: endsAt, feedback: { create: { rating: viewing.feedback.rating, text: viewing.feedback.text, createdAt: new Date(endsAt.getTime() + 3 * 60 * MINUTE_MS) } } } : {}),
          },
        });
        // A request asks the agent (never later than now); a confirmed one was answered three hours after it.
        if (viewing.kind === 'request') {
          const askedAt = new Date(Math.min(asked.getTime(), now.getTime() - 30 * 60 * MINUTE_MS));
          await recordQuestion(tx, { subjectId: created.id, kind: 'viewing', agentId: listing.agentId, askedAt });
          if (viewing.status === 'confirmed') await recordAnswer(tx, { subjectId: created.id, agentId: listing.agentId, at: new Date(askedAt.getTime() + 3 * 60 * MINUTE_MS) });
          // One waiting long enough was nudged, as the reply sweep does (so the sweep finds nothing to add: the demo looks the same whenever it is opened).
          const nudgedAt = new Date(askedAt.getTime() + NUDGE_AFTER_HOURS * 60 * MINUTE_MS);
          if (viewing.status === 'requested' && nudgedAt <= now) {
            await tx.$executeRaw`UPDATE reply_questions SET nudged_at = ${nudgedAt} WHERE subject_id = ${created.id}::uuid`;
            notify(listing.agentId, 'viewing_update', created.id, `${nameOf(viewing.buyer)} has waited ${NUDGE_AFTER_HOURS} hours for your answer about ${listing.title} (a viewing request).`, `reply-nudge:${created.id}`, nudgedAt);
          }
        }
      }
      await tx.openHouse.createMany({
        data: DEMO_OPEN_HOUSES.map((openHouse) => ({ propertyId: listingOf(openHouse.listing).id, startsAt: localInstant(openHouse.inDays, openHouse.from), endsAt: localInstant(openHouse.inDays, openHouse.to), timeZone: DEMO_TIME_ZONE, note: openHouse.note ?? null, createdAt: at(3) })),
      });

      // Agents' numbers: views of each verified listing of the demo agent on each day since it was listed (30 at most).
      const views = DEMO_LISTINGS.flatMap((listing, index) =>
        listing.status !== 'verified'
          ? []
          : Array.from({ length: Math.min(30, listing.listedDaysAgo) }, (_, daysAgo) => {
              const day = at(daysAgo);
              return { propertyId: listingOf(listing.key).id, day: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())), views: 2 + ((daysAgo * 7 + index * 5) % 13) };
            }),
      );
      await tx.listingViewDay.createMany({ data: views });

      // In the bell only (never e-mailed: no digest picks them up); what the last three days brought is unread.
      await tx.notification.createMany({
        data: notifications
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((notification, index) => {
            // A second apart at least: lists order by time, and equal times would order by random ids.
            const createdAt = new Date(notification.at.getTime() + index * 1000);
            return {
              recipientId: notification.recipient,
              type: notification.type,
              subjectId: notification.subjectId,
              text: notification.text,
              dedupeKey: notification.dedupeKey,
              emailDelivery: 'never' as const,
              createdAt,
              emailedAt: null,
              readAt: now.getTime() - createdAt.getTime() > 3 * DAY_MS ? createdAt : null,
            };
          }),
      });
      return true;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  if (written) log.info({ listings: DEMO_LISTINGS.length, photos: photoUrls.length, ms: Date.now() - startedAt }, 'demo marketplace created');
}
