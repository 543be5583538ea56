// A property's details page's first screen (app/first-screen.ts): the listing,
// its reviews, its open houses, its agent's reply time, its area's sale prices, the similar homes below it (a lazy
// chunk that asks as soon as it loads, often within the first render's moments) and, for a buyer, whether it is in
// their wishlist (for anyone else the server refuses that one, and it is left out). A buyer's free viewing slots are
// not here: they are asked afresh on every visit (cache-and-network), a slot may have just gone.
import type { FirstScreen } from '../app/first-screen-declaration';
import { PropertyReviewsDocument } from '../reviews/reviews.generated';
import { PropertyOpenHousesDocument } from '../viewings/viewings.generated';
import { MyWishlistItemForDocument } from '../wishlist/wishlist.generated';
import { AgentReplyTimeDocument, AreaSalePricesDocument } from '../insight/insight.generated';
import { PropertyDetailsDocument, SimilarPropertiesDocument } from './properties.generated';

export const firstScreen: FirstScreen = ({ params }) => [
  {
    query: PropertyDetailsDocument,
    variables: { id: params.id },
    // The agent's reply time (issue 23) is asked by agent, known from the listing.
    then: (data: { property?: { agent?: { id: string } | null } | null }) => (data.property?.agent?.id ? [{ query: AgentReplyTimeDocument, variables: { agentId: data.property.agent.id } }] : []),
  },
  { query: AreaSalePricesDocument, variables: { propertyId: params.id } },
  { query: PropertyReviewsDocument, variables: { propertyId: params.id } },
  { query: MyWishlistItemForDocument, variables: { propertyId: params.id } },
  { query: PropertyOpenHousesDocument, variables: { propertyId: params.id } },
  { query: SimilarPropertiesDocument, variables: { id: params.id } },
];
