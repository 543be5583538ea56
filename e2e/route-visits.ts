// How to open every route of the client's route table (client/src/app/pages.ts, which router.tsx is made from)
// as the role that uses it: one table, read by the test that walks all pages
// (the visual check, which also holds every page to the Content-Security-Policy),
// so a route added to the table fails it until it is listed here.
import path from 'node:path';
import { projectRoot } from '../server/config';

/** The parts of a React Router route object the walkers read. */
interface RouteNode {
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

export type Visitor = 'anonymous' | 'user' | 'agent' | 'admin';

/** The records a walk opens pages about, and the names its accounts have. */
export interface VisitFixtures {
  propertyId: string;
  propertyTitle: string;
  /** The buyer's wishlist entry of that property (an offer is made from one). */
  wishlistItemId: string;
  acceptedOfferId: string;
  conversationId: string;
  /** A listing on sale the buyer has not written about (the contact page opens an existing conversation instead). */
  uncontactedPropertyId: string;
  /** The agent of the conversation and the buyer in it. */
  agentName: string;
  buyerName: string;
}

export interface PageVisit {
  /** Who opens it (several: each of them does). */
  as: Visitor[];
  /** The URL for the route's pattern, its parameters filled in. */
  url: (fixtures: VisitFixtures) => string;
  /** The page's main heading, as `visitor` reads it. */
  heading: (fixtures: VisitFixtures, visitor: Visitor) => string;
}

const PROFILE_HEADINGS: Record<Visitor, string> = { anonymous: 'Login', user: 'My Profile', agent: 'Agent Profile', admin: 'Admin Profile' };

/**
 * How to open each route of the client's table, keyed by its full pattern. A route
 * added to the page table (client/src/app/pages.ts) fails `unlistedRoutes` until it is listed here.
 */
/** A record no one has, for every page about one: those pages show their not-found state. */
const MISSING_ID = '01900000-0000-7000-8000-000000000000';
export const MISSING_RECORDS: VisitFixtures = { propertyId: MISSING_ID, propertyTitle: '', wishlistItemId: MISSING_ID, acceptedOfferId: MISSING_ID, conversationId: MISSING_ID, uncontactedPropertyId: MISSING_ID, agentName: '', buyerName: '' };

export const VISITS: Record<string, PageVisit> = {
  '/': { as: ['anonymous', 'user'], url: () => '/', heading: () => 'OpenNest: verified properties, accountable agents, secure payments' },
  '/login': { as: ['anonymous'], url: () => '/login', heading: () => 'Login' },
  '/register': { as: ['anonymous'], url: () => '/register', heading: () => 'Register' },
  '/forbidden': { as: ['anonymous'], url: () => '/forbidden', heading: () => 'Forbidden' },
  '/sandbox': { as: ['anonymous', 'user'], url: () => '/sandbox', heading: () => 'GraphQL Sandbox' },
  '/unsubscribe': { as: ['anonymous'], url: () => '/unsubscribe', heading: () => 'Unsubscribe' },
  '/newsletter/confirm': { as: ['anonymous'], url: () => '/newsletter/confirm', heading: () => 'Newsletter' },
  '/how-numbers-are-made': { as: ['anonymous', 'user'], url: () => '/how-numbers-are-made', heading: () => 'How these numbers are made' },
  '/allProperties': { as: ['user'], url: () => '/allProperties', heading: () => 'All Properties' },
  '/developers': { as: ['agent', 'admin'], url: () => '/developers', heading: () => 'Developers' },
  '/propertyDetails/:id': { as: ['user'], url: (f) => `/propertyDetails/${f.propertyId}`, heading: (f) => f.propertyTitle },
  // The dashboard opens on the visitor's own profile page.
  '/dash-board': { as: ['user', 'agent', 'admin'], url: () => '/dash-board', heading: (_, visitor) => PROFILE_HEADINGS[visitor] },
  '/dash-board/agent-profile': { as: ['agent'], url: () => '/dash-board/agent-profile', heading: () => 'Agent Profile' },
  '/dash-board/add-property': { as: ['agent'], url: () => '/dash-board/add-property', heading: () => 'Add Property' },
  '/dash-board/my-added-properties': { as: ['agent'], url: () => '/dash-board/my-added-properties', heading: () => 'My Added Properties' },
  '/dash-board/update-property/:id': { as: ['agent'], url: (f) => `/dash-board/update-property/${f.propertyId}`, heading: () => 'Update Property' },
  '/dash-board/requested-properties': { as: ['agent'], url: () => '/dash-board/requested-properties', heading: () => 'Requested Properties' },
  '/dash-board/my-sold-properties': { as: ['agent'], url: () => '/dash-board/my-sold-properties', heading: () => 'My Sold Properties' },
  '/dash-board/user-profile': { as: ['user'], url: () => '/dash-board/user-profile', heading: () => 'My Profile' },
  '/dash-board/wishlist': { as: ['user'], url: () => '/dash-board/wishlist', heading: () => 'Wishlist' },
  '/dash-board/make-offer/:id': { as: ['user'], url: (f) => `/dash-board/make-offer/${f.wishlistItemId}`, heading: () => 'Make an Offer' },
  '/dash-board/payment/:id': { as: ['user'], url: (f) => `/dash-board/payment/${f.acceptedOfferId}`, heading: () => 'Payment' },
  '/dash-board/property-bought': { as: ['user'], url: () => '/dash-board/property-bought', heading: () => 'Property Bought' },
  '/dash-board/my-reviews': { as: ['user'], url: () => '/dash-board/my-reviews', heading: () => 'My Reviews' },
  '/dash-board/my-reports': { as: ['user'], url: () => '/dash-board/my-reports', heading: () => 'My Reports' },
  '/dash-board/saved-searches': { as: ['user'], url: () => '/dash-board/saved-searches', heading: () => 'Saved Searches' },
  '/dash-board/contact/:propertyId': { as: ['user'], url: (f) => `/dash-board/contact/${f.uncontactedPropertyId}`, heading: () => 'Contact the agent' },
  '/dash-board/notifications': { as: ['user', 'agent'], url: () => '/dash-board/notifications', heading: () => 'Notifications' },
  '/dash-board/email-settings': { as: ['user'], url: () => '/dash-board/email-settings', heading: () => 'E-mail Settings' },
  '/dash-board/messages': { as: ['user', 'agent'], url: () => '/dash-board/messages', heading: () => 'Messages' },
  '/dash-board/messages/:id': { as: ['user', 'agent'], url: (f) => `/dash-board/messages/${f.conversationId}`, heading: (f, visitor) => `Messages with ${visitor === 'agent' ? f.buyerName : f.agentName}` },
  '/dash-board/viewings': { as: ['agent'], url: () => '/dash-board/viewings', heading: () => 'Viewings' },
  '/dash-board/listing-viewings/:id': { as: ['agent'], url: (f) => `/dash-board/listing-viewings/${f.propertyId}`, heading: () => 'Viewings' },
  '/dash-board/listing-demand/:id': { as: ['agent'], url: (f) => `/dash-board/listing-demand/${f.propertyId}`, heading: () => 'Listing demand' },
  '/dash-board/my-viewings': { as: ['user'], url: () => '/dash-board/my-viewings', heading: () => 'My Viewings' },
  '/dash-board/admin-profile': { as: ['admin'], url: () => '/dash-board/admin-profile', heading: () => 'Admin Profile' },
  '/dash-board/manage-properties': { as: ['admin'], url: () => '/dash-board/manage-properties', heading: () => 'Manage Properties' },
  '/dash-board/manage-users': { as: ['admin'], url: () => '/dash-board/manage-users', heading: () => 'Manage Users' },
  '/dash-board/manage-reviews': { as: ['admin'], url: () => '/dash-board/manage-reviews', heading: () => 'Manage Reviews' },
  '/dash-board/moderation': { as: ['admin'], url: () => '/dash-board/moderation', heading: () => 'Moderation' },
  '/dash-board/advertise-property': { as: ['admin'], url: () => '/dash-board/advertise-property', heading: () => 'Advertise Property' },
  '*': { as: ['anonymous', 'user'], url: () => '/no-such-page', heading: () => 'Page Not Found' },
};

/** Every route pattern of the table, parents' paths joined, layout-only routes left out. */
function routePatterns(routes: RouteNode[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path === '*' ? '*' : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && !route.children) || (route.path !== undefined && route.children?.every((child) => !child.index)) ? [own || '/'] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}

/** The route patterns of the client's table, loaded at run time (the server's TypeScript project does not compile the client). */
export async function clientRoutePatterns(): Promise<string[]> {
  const routerModule = path.join(projectRoot, 'client', 'src', 'app', 'router.tsx');
  return routePatterns(((await import(routerModule)) as { routes: RouteNode[] }).routes);
}

/** What the table and VISITS disagree on: routes without a visit, and visits of routes that are gone. */
export async function unlistedRoutes(): Promise<{ patterns: string[]; withoutVisit: string[]; withoutRoute: string[] }> {
  const patterns = await clientRoutePatterns();
  return { patterns, withoutVisit: patterns.filter((pattern) => !VISITS[pattern]), withoutRoute: Object.keys(VISITS).filter((pattern) => !patterns.includes(pattern)) };
}
