import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import type { Loaders } from '../context/loaders';
import type { Property as PropertyRecord, User as UserRecord, Viewing as ViewingRecord, ViewingFeedback as ViewingFeedbackRecord } from '../generated/prisma/client';
import type { ViewingWithFeedback } from './agent-week-sql';
import { isNoLongerListed } from '../properties/listing-visibility';

/**
 * The listing, buyer, agent and feedback of each viewing of a long list (the agent's
 * week: hundreds), read before the list is answered. The listings and buyers
 * come through the request's loaders (one statement each, whatever the count;
 * buyers and agents together),
 * so the fields below answer without a promise per viewing.
 */
const relationsOf = new WeakMap<ViewingRecord, { property: PropertyRecord; buyer: UserRecord; agent: UserRecord; feedback: ViewingFeedbackRecord | null }>();

async function withRelations(loaders: Loaders, list: ViewingWithFeedback[]): Promise<ViewingRecord[]> {
  const [properties, buyers, agents] = await Promise.all([
    Promise.all(list.map(({ viewing }) => loadRequired(loaders.propertyById, viewing.propertyId, 'property'))),
    Promise.all(list.map(({ viewing }) => loadRequired(loaders.userById, viewing.buyerId, 'buyer'))),
    Promise.all(list.map(({ viewing }) => loadRequired(loaders.userById, viewing.agentId, 'agent'))),
  ]);
  return list.map(({ viewing, feedback }, i) => {
    relationsOf.set(viewing, { property: properties[i], buyer: buyers[i], agent: agents[i], feedback });
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
    property: (viewing, _args, { loaders }) => relationsOf.get(viewing)?.property ?? loadRequired(loaders.propertyById, viewing.propertyId, 'property'),
    buyer: (viewing, _args, { loaders }) => relationsOf.get(viewing)?.buyer ?? loadRequired(loaders.userById, viewing.buyerId, 'buyer'),
    agent: (viewing, _args, { loaders }) => relationsOf.get(viewing)?.agent ?? loadRequired(loaders.userById, viewing.agentId, 'agent'),
    endedBy: (viewing) => (viewing.status !== 'declined' && viewing.status !== 'cancelled' ? null : viewing.endedById === null ? 'listing' : viewing.endedById === viewing.buyerId ? 'buyer' : 'agent'),
    held: (viewing) => viewing.status === 'confirmed' && viewing.endsAt.getTime() <= Date.now(),
    feedbackGiven: async (viewing, _args, { loaders }) => {
      const relations = relationsOf.get(viewing);
      return Boolean(relations ? relations.feedback : await loaders.viewingFeedbackById.load(viewing.id));
    },
    feedback: (viewing, _args, { caller, loaders, services }) => {
      if (!services.viewings.seesFeedback(caller.viewer, viewing)) return null;
      const relations = relationsOf.get(viewing);
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
  // Open houses of a listing buyers can no longer see are not shown.
  Property: {
    openHouses: async (property, _args, { loaders }) => (isNoLongerListed(property) ? [] : loaders.openHousesByProperty.load(property.id)),
    nextOpenHouse: async (property, _args, { loaders }) => (isNoLongerListed(property) ? null : ((await loaders.openHousesByProperty.load(property.id))[0] ?? null)),
    timeZone: (property, _args, { services }) => services.viewings.timeZoneOf(property),
  },
};
