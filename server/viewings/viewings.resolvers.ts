import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import type { Loaders } from '../context/loaders';
import type { Property as PropertyRecord, User as UserRecord, Viewing as ViewingRecord, ViewingFeedback as ViewingFeedbackRecord } from '../generated/prisma/client';
import type { ViewingWithFeedback } from './agent-week-sql';
import { isNoLongerListed } from '../properties/listing-visibility';
import { zonedWallClock } from '@opennest/common/zoned-time';
import { localWeekdayAndClock } from './viewing-times';

/**
 * The listing, buyer, agent and feedback of each viewing of a long list (the agent's
 * week: hundreds), read before the list is answered. Each listing and person is
 * loaded once, however many viewings name it (tens of them, not a load and a
 * promise per viewing), through the request's loaders (one statement each;
 * buyers and agents together), so the fields below answer without a promise per viewing.
 */
interface ViewingRelations {
  property: PropertyRecord;
  buyer: UserRecord;
  agent: UserRecord;
  feedback: ViewingFeedbackRecord | null;
}

/**
 * Kept on the viewing itself under a symbol, not in a WeakMap: a module-wide
 * WeakMap took thousands of entries per second on the week's bench, and its
 * look-ups and the collector's ephemeron work were a tenth of the app's time.
 */
const RELATIONS = Symbol('the viewing\'s relations, read with it');
type ViewingWithRelations = ViewingRecord & { [RELATIONS]?: ViewingRelations };
const relationsOf = (viewing: ViewingRecord): ViewingRelations | undefined => (viewing as ViewingWithRelations)[RELATIONS];

async function withRelations(loaders: Loaders, list: ViewingWithFeedback[]): Promise<ViewingRecord[]> {
  const propertyIds = [...new Set(list.map(({ viewing }) => viewing.propertyId))];
  const personIds = [...new Set(list.flatMap(({ viewing }) => [viewing.buyerId, viewing.agentId]))];
  const [properties, people] = await Promise.all([
    Promise.all(propertyIds.map((id) => loadRequired(loaders.propertyById, id, 'property'))),
    Promise.all(personIds.map((id) => loadRequired(loaders.userById, id, 'buyer or agent'))),
  ]);
  const propertyById = new Map(properties.map((property) => [property.id, property]));
  const personById = new Map(people.map((person) => [person.id, person]));
  return list.map(({ viewing, feedback }) => {
    (viewing as ViewingWithRelations)[RELATIONS] = { property: propertyById.get(viewing.propertyId)!, buyer: personById.get(viewing.buyerId)!, agent: personById.get(viewing.agentId)!, feedback };
    return viewing;
  });
}

export const viewingsResolvers: Resolvers = {
  Query: {
    viewingAvailability: (_parent, { propertyId }, { caller, services }) => services.viewings.availability(caller, propertyId),
    freeViewingSlots: (_parent, { propertyId, from, days }, { caller, services }) => services.viewings.freeSlots(caller, propertyId, from, days),
    myViewings: (_parent, args, { caller, services }) => services.viewings.myViewings(caller, args),
    myViewingsOf: (_parent, { propertyId }, { caller, services }) => services.viewings.myViewingsOf(caller, propertyId),
    agentViewingWeek: async (_parent, { from }, { caller, services, loaders }) => withRelations(loaders, await services.viewings.agentWeek(caller, from)),
    viewingFeedback: (_parent, { propertyId }, { caller, services }) => services.viewings.feedbackOf(caller, propertyId),
  },
  Mutation: {
    setViewingAvailability: (_parent, { propertyId, input }, { caller, services }) => services.viewings.setAvailability(caller, propertyId, input),
    bookViewing: (_parent, { propertyId, startsAt }, { caller, services }) => services.viewings.book(caller, propertyId, startsAt),
    requestViewing: (_parent, { propertyId, startsAt }, { caller, services }) => services.viewings.request(caller, propertyId, startsAt),
    confirmViewing: (_parent, { id }, { caller, services }) => services.viewings.confirm(caller, id),
    declineViewing: (_parent, { id, reason }, { caller, services }) => services.viewings.decline(caller, id, reason),
    proposeViewingTime: (_parent, { id, startsAt }, { caller, services }) => services.viewings.proposeTime(caller, id, startsAt),
    acceptViewingTime: (_parent, { id }, { caller, services }) => services.viewings.acceptTime(caller, id),
    cancelViewing: (_parent, { id, reason }, { caller, services }) => services.viewings.cancel(caller, id, reason),
    leaveViewingFeedback: (_parent, { id, rating, text }, { caller, services }) => services.viewings.leaveFeedback(caller, id, rating, text),
    addOpenHouse: (_parent, { propertyId, startsAt, endsAt, note }, { caller, services }) => services.viewings.addOpenHouse(caller, propertyId, startsAt, endsAt, note),
    removeOpenHouse: (_parent, { id }, { caller, services }) => services.viewings.removeOpenHouse(caller, id),
  },
  Viewing: {
    property: (viewing, _args, { loaders }) => relationsOf(viewing)?.property ?? loadRequired(loaders.propertyById, viewing.propertyId, 'property'),
    buyer: (viewing, _args, { loaders }) => relationsOf(viewing)?.buyer ?? loadRequired(loaders.userById, viewing.buyerId, 'buyer'),
    agent: (viewing, _args, { loaders }) => relationsOf(viewing)?.agent ?? loadRequired(loaders.userById, viewing.agentId, 'agent'),
    endedBy: (viewing) => (viewing.status !== 'declined' && viewing.status !== 'cancelled' ? null : viewing.endedById === null ? 'listing' : viewing.endedById === viewing.buyerId ? 'buyer' : 'agent'),
    localStart: (viewing) => zonedWallClock(viewing.startsAt, viewing.timeZone),
    localEnd: (viewing) => zonedWallClock(viewing.endsAt, viewing.timeZone),
    held: (viewing, _args, { services }) => services.viewings.isHeld(viewing),
    feedbackGiven: async (viewing, _args, { loaders }) => {
      const relations = relationsOf(viewing);
      return Boolean(relations ? relations.feedback : await loaders.viewingFeedbackById.load(viewing.id));
    },
    feedback: (viewing, _args, { caller, loaders, services }) => {
      if (!services.viewings.seesFeedback(caller.viewer, viewing)) return null;
      const relations = relationsOf(viewing);
      return relations ? relations.feedback : loaders.viewingFeedbackById.load(viewing.id);
    },
    calendarInvite: async (viewing, _args, { loaders, services }) => {
      const [property, agent, buyer] = await Promise.all([
        loadRequired(loaders.propertyById, viewing.propertyId, 'property'),
        loadRequired(loaders.userById, viewing.agentId, 'agent'),
        loadRequired(loaders.userById, viewing.buyerId, 'buyer'),
      ]);
      return services.viewings.invite({ ...viewing, property, agent, buyer }).content;
    },
  },
  ViewingFeedbackEntry: {
    feedback: (entry) => entry.feedback,
  },
  // Written here, not in the browser: a browser's first Intl formatter with a time zone loads
  // ICU's zone and locale data, 150 to 180 ms of a phone's main thread while the cards draw
  // (the same for every viewing time: localStart and localEnd, the wall clock pages write them from).
  OpenHouse: {
    startsAtLocal: (openHouse) => localWeekdayAndClock(openHouse.startsAt, openHouse.timeZone),
    localStart: (openHouse) => zonedWallClock(openHouse.startsAt, openHouse.timeZone),
    localEnd: (openHouse) => zonedWallClock(openHouse.endsAt, openHouse.timeZone),
  },
  // Open houses of a listing buyers can no longer see are not shown.
  Property: {
    openHouses: async (property, _args, { loaders }) => (isNoLongerListed(property) ? [] : loaders.openHousesByProperty.load(property.id)),
    nextOpenHouse: async (property, _args, { loaders }) => (isNoLongerListed(property) ? null : ((await loaders.openHousesByProperty.load(property.id))[0] ?? null)),
    timeZone: (property, _args, { services }) => services.viewings.timeZoneOf(property),
  },
};
