// Every REST route under /api, in the order Express matches them (a literal
// path such as /properties/verified before /properties/{id}). app.ts mounts
// them and the OpenAPI document describes exactly them.
import { newsletterRoutes } from '../newsletter/newsletter.routes';
import { offerRoutes } from '../offers/offers.routes';
import { paymentRoutes } from '../payments/payments.routes';
import { propertyRoutes } from '../properties/properties.routes';
import { reviewRoutes } from '../reviews/reviews.routes';
import { uploadRoutes } from '../uploads/uploads.routes';
import { userRoutes } from '../users/users.routes';
import { wishlistRoutes } from '../wishlist/wishlist.routes';
import { metaRoutes } from './meta.routes';
import type { ApiRoute } from './route';

export const apiRoutes: readonly ApiRoute[] = [
  ...metaRoutes,
  ...userRoutes,
  ...propertyRoutes,
  ...newsletterRoutes,
  ...wishlistRoutes,
  ...offerRoutes,
  ...paymentRoutes,
  ...reviewRoutes,
  ...uploadRoutes,
];
