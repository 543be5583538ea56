// What listing changes make stale in the Apollo cache (documents in properties.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { AdvertisedPropertiesDocument } from '../home/home.generated';
import { AllPropertiesDocument, MyPropertiesDocument, VerifiedPropertiesDocument } from './properties.generated';

/** After a listing is deleted: every cached list drops it (the dangling reference goes). The caller runs cache.gc(). */
export function forgetProperty(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Property', id }) });
}

/** After a listing is added: it belongs at the top of the agent's and the admin's lists, which load afresh. */
export function evictListsGainingProperty(cache: ApolloCache) {
  evictQuery(cache, MyPropertiesDocument);
  evictQuery(cache, AllPropertiesDocument);
}

/** After a verification decision: the buyers' list of verified listings loads afresh. */
export function evictVerifiedProperties(cache: ApolloCache) {
  evictQuery(cache, VerifiedPropertiesDocument);
}

/** After a listing is advertised: the home page's advertised list gains it. */
export function evictAdvertisedProperties(cache: ApolloCache) {
  evictQuery(cache, AdvertisedPropertiesDocument);
}

/** After an agent's listings were hidden or removed (account marked fraud or deleted): every list of listings loads afresh. */
export function evictPropertyLists(cache: ApolloCache) {
  for (const query of [VerifiedPropertiesDocument, AdvertisedPropertiesDocument, AllPropertiesDocument, MyPropertiesDocument]) evictQuery(cache, query);
}
