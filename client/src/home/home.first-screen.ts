// The home page's first screen (app/first-screen.ts): the advertised properties
// and the latest reviews, which every visitor's home page shows. The server
// answers them in the page itself, for a signed-out visitor too, so the home
// page asks nothing before its cards and reviews show.
import type { FirstScreen } from '../app/first-screen-declaration';
import { LatestReviewsDocument } from '../reviews/reviews.generated';
import { AdvertisedPropertiesDocument } from './home.generated';

export const firstScreen: FirstScreen = () => [
  { query: AdvertisedPropertiesDocument, variables: {} },
  { query: LatestReviewsDocument, variables: {} },
];
