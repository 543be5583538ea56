import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import type { ImageStorage } from '../uploads/image-storage';
import { daysOnOpenNest } from './listing-history';
import { isNoLongerListed } from './listing-visibility';
import { addressComplete } from './address';
import { isAmenity } from '@opennest/common/amenities';

/** A stored photo as the Photo type: its thumbnail and, when it has responsive copies, their srcsets. */
function photoOf(storage: ImageStorage, url: string, alt: string) {
  const sources = storage.responsiveSources(url);
  return { url, thumbnail: storage.thumbnailUrl(url), srcsetWebp: sources?.webp ?? null, srcsetJpeg: sources?.jpeg ?? null, alt };
}

export const propertiesResolvers: Resolvers = {
  Query: {
    verifiedProperties: (_parent, args, { caller, services, loaders }) => services.properties.listVerified(caller, args, loaders),
    verifiedPropertyCount: (_parent, args, { caller, services, loaders }) => services.properties.countVerified(caller, args, loaders),
    verifiedPropertyRelaxations: (_parent, args, { caller, services, loaders }) => services.properties.relaxations(caller, args, loaders),
    similarProperties: (_parent, { id }, { caller, services, loaders }) => services.properties.similar(caller, id, loaders),
    advertisedProperties: (_parent, { first }, { services }) => services.properties.listAdvertised(first),
    property: (_parent, { id, countView }, { caller, services, loaders, clientIp, userAgent }) =>
      countView === false ? services.properties.getVisible(caller, id, loaders) : services.properties.openDetails(caller, id, loaders, { clientIp, userAgent }),
    myProperties: (_parent, args, { caller, services }) => services.properties.listMine(caller, args),
    allProperties: (_parent, args, { caller, services }) => services.properties.listAll(caller, args),
    placeSuggestions: (_parent, { text, first }, { caller, services }) => services.properties.placeSuggestions(caller, text, first),
  },
  Mutation: {
    addProperty: (_parent, { input }, { caller, services }) => services.properties.add(caller, input),
    updateProperty: (_parent, { id, input }, { caller, services }) => services.properties.update(caller, id, input),
    deleteProperty: (_parent, { id }, { caller, services }) => services.properties.remove(caller, id),
    verifyProperty: (_parent, { id }, { caller, services }) => services.properties.review(caller, id, 'verified'),
    rejectProperty: (_parent, { id }, { caller, services }) => services.properties.review(caller, id, 'rejected'),
    advertiseProperty: (_parent, { id }, { caller, services }) => services.properties.advertise(caller, id),
  },
  // A listing's no-longer-listed view (listing-visibility.ts) has no photos and no history.
  Property: {
    noLongerListed: (property) => isNoLongerListed(property),
    addressComplete: (property) => isNoLongerListed(property) || addressComplete(property),
    thumbnail: (property, _args, { storage }) => (isNoLongerListed(property) ? '' : storage.thumbnailUrl(property.image)),
    history: async (property, _args, { services }) =>
      isNoLongerListed(property) ? [] : (await services.properties.history(property.id)).map((event) => {
        const data = (event.data ?? {}) as { before?: { priceMin: string; priceMax: string }; after?: { priceMin: string; priceMax: string }; previouslyListedAt?: string };
        return {
          kind: event.kind,
          at: event.createdAt.toISOString(),
          priceMinBefore: data.before?.priceMin ?? null,
          priceMaxBefore: data.before?.priceMax ?? null,
          priceMin: data.after?.priceMin ?? null,
          priceMax: data.after?.priceMax ?? null,
          previouslyListedAt: data.previouslyListedAt ?? null,
        };
      }),
    daysOnOpenNest: async (property, _args, { services }) => (isNoLongerListed(property) ? 0 : daysOnOpenNest(property.createdAt, await services.properties.history(property.id))),
    photos: async (property, _args, { services, storage }) => {
      if (isNoLongerListed(property)) return [];
      const urls = await services.properties.photoUrls(property);
      return urls.map((url, index) => photoOf(storage, url, `${property.title}, photo ${index + 1} of ${urls.length}`));
    },
    // The cover is always image (the service keeps them equal), so cards need no photo look-up.
    cover: (property, _args, { storage }) => (isNoLongerListed(property) ? { url: '', thumbnail: '', srcsetWebp: null, srcsetJpeg: null, alt: property.title } : photoOf(storage, property.image, property.title)),
    // Only values of the one list reach the enum (the service stores nothing else).
    amenities: (property) => (isNoLongerListed(property) ? [] : (property.amenities ?? []).filter(isAmenity)),
    agent: (property, _args, { loaders }) => loadRequired(loaders.userById, property.agentId, 'agent'),
  },
};
