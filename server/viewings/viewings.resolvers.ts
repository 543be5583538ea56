import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import { isNoLongerListed } from '../properties/listing-visibility';

export const viewingsResolvers: Resolvers = {
  Query: {
    viewingAvailability: (_parent, { propertyId }, { caller, services }) => services.viewings.availability(caller, propertyId),
    freeViewingSlots: (_parent, { propertyId, from, days }, { caller, services }) => services.viewings.freeSlots(caller, propertyId, from, days),
    myViewings: (_parent, args, { caller, services }) => services.viewings.myViewings(caller, args),
    myViewingsOf: (_parent, { propertyId }, { caller, services }) => services.viewings.myViewingsOf(caller, propertyId),
    agentViewingWeek: (_parent, { from }, { caller, services }) => services.viewings.agentWeek(caller, from),
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
    property: (viewing, _args, { loaders }) => loadRequired(loaders.propertyById, viewing.propertyId, 'property'),
    buyer: (viewing, _args, { loaders }) => loadRequired(loaders.userById, viewing.buyerId, 'buyer'),
    agent: (viewing, _args, { loaders }) => loadRequired(loaders.userById, viewing.agentId, 'agent'),
    endedBy: (viewing) => (viewing.status !== 'declined' && viewing.status !== 'cancelled' ? null : viewing.endedById === null ? 'listing' : viewing.endedById === viewing.buyerId ? 'buyer' : 'agent'),
    held: (viewing) => viewing.status === 'confirmed' && viewing.endsAt.getTime() <= Date.now(),
    feedbackGiven: async (viewing, _args, { loaders }) => Boolean(await loaders.viewingFeedbackById.load(viewing.id)),
    feedback: async (viewing, _args, { caller, loaders, services }) => (services.viewings.seesFeedback(caller.viewer, viewing) ? loaders.viewingFeedbackById.load(viewing.id) : null),
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
