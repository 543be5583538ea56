// Who may call each operation of reviews (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, publicAccess } from '../context/access';

export const reviewsAccess = accessTable({
  // GraphQL root fields (reviews.graphql); also the REST routes of the same operationId: addReview, deleteReview
  propertyReviews: auth(),
  latestReviews: publicAccess(),
  myReviews: auth('user'),
  allReviews: auth('admin'),
  addReview: auth('user'),
  deleteReview: auth(),
  // REST operationIds only (reviews.routes.ts)
  listLatestReviews: publicAccess(),
  listPropertyReviews: auth(),
  listReviewsByEmail: auth(),
  listAllReviews: auth('admin'),
  adminDeleteReview: auth('admin'),
});
