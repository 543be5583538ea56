import { StatusPage } from './StatusPage';

/** Unmatched paths and route errors (spec: 404 Page Not Found, Back to Home). */
export default function NotFoundPage() {
  return <StatusPage code="404" title="Page Not Found" text="The page you are looking for does not exist or has moved." linkLabel="Back to Home" />;
}
