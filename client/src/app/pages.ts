// The client's pages (spec section 2), declared once: path, tab title, who
// they are for, whose dashboard menu lists them, the lazily loaded page and
// its first screen's queries (first-screen.ts: the server sends their answers
// with the page).
// The route table (router.tsx), the dashboard's menu (dashboard/menu.ts, which
// adds the icons: they stay out of the first load) and the role notices
// (auth/RoleGate.tsx) are made from it; server/access.unit.test.ts checks that a page declared for
// some roles calls only GraphQL operations those roles may call.
import type { ComponentType } from 'react';
import type { FirstScreenDeclaration } from './first-screen-declaration';
import type { RouteHandle } from '../layout/page-title';
import type { Role } from '../users/users.generated';

/** The roles the dashboard serves (a fraud account sees only its warning there). */
export type DashboardRole = Exclude<Role, 'fraud'>;

export interface PageDeclaration<Path extends string = string> {
  /** Under its parent: the site's root, or /dash-board for the dashboard's pages. */
  path: Path;
  /** Its tab title (RootLayout shows it); null: the site's own title. */
  title: string | RouteHandle | null;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The roles the page is for. Any other signed-in account gets a notice
   * instead of queries the server would refuse (admin-only pages send it to
   * /forbidden). Unset: every signed-in account (the server still decides).
   */
  roles?: readonly DashboardRole[];
  /** In the dashboard's menu of these roles (`true`: the page's `roles`), labelled with its title. */
  menu?: true | readonly DashboardRole[];
  /**
   * The queries its first screen runs, from its URL (first-screen.ts): for a signed-in
   * request the server answers them in the HTML, so the page shows at once. Leave it
   * out and the page loads its data itself, as any page did before.
   */
  firstScreen?: FirstScreenDeclaration;
}

const page = <const Path extends string>(path: Path, title: PageDeclaration['title'], load: PageDeclaration['load'], more: Pick<PageDeclaration, 'roles' | 'menu' | 'firstScreen'> = {}): PageDeclaration<Path> => ({
  path,
  title,
  load,
  ...more,
});

const AGENTS = ['agent'] as const;
const BUYERS = ['user'] as const;
const ADMINS = ['admin'] as const;
const EVERY_ROLE = ['agent', 'user', 'admin'] as const;

/** Pages anyone may open, signed in or not. */
export const PUBLIC_PAGES: PageDeclaration[] = [
  page('', null, () => import('../home/HomePage'), { firstScreen: () => import('../home/home.first-screen') }),
  page('login', 'Login', () => import('../auth/LoginPage')),
  page('register', 'Register', () => import('../auth/RegisterPage')),
  page('forbidden', 'Forbidden', () => import('../pages/ForbiddenPage')),
  page('sandbox', 'GraphQL Sandbox', () => import('../sandbox/SandboxPage')),
  // E-mails' one-click unsubscribe link: no sign-in needed.
  page('unsubscribe', 'Unsubscribe', () => import('../notifications/UnsubscribePage')),
  // The newsletter's confirmation link: no sign-in needed.
  page('newsletter/confirm', 'Confirm Subscription', () => import('../home/NewsletterConfirmPage')),
  // What the reply time, demand and sale figures are made from (issue 23).
  page('how-numbers-are-made', 'How These Numbers Are Made', () => import('../insight/HowNumbersAreMadePage')),
];

/** Pages for signed-in accounts outside the dashboard (signed-out visitors go to /login). */
export const SIGNED_IN_PAGES: PageDeclaration[] = [
  page('allProperties', 'All Properties', () => import('../properties/AllPropertiesPage'), { firstScreen: () => import('../properties/all-properties.first-screen') }),
  // Integrators: API keys and how to call the API with them.
  page('developers', 'Developers', () => import('../developers/DevelopersPage'), { roles: ['agent', 'admin'] }),
  page('propertyDetails/:id', { title: 'Property Details', titleFromPage: true }, () => import('../properties/PropertyDetailsPage'), {
    firstScreen: () => import('../properties/property-details.first-screen'),
  }),
];

/** What every signed-in page's first screen shows besides the page: the navigation bar's account and bell. */
export const SIGNED_IN_FIRST_SCREEN: FirstScreenDeclaration = () => import('./signed-in.first-screen');

/** The dashboard at /dash-board, and what its index opens: the caller's own profile page. */
export const DASHBOARD = {
  path: 'dash-board',
  title: 'Dashboard',
  load: () => import('../dashboard/DashboardLayout'),
  home: () => import('../dashboard/DashboardHome'),
};

/** The dashboard's pages. Each role's menu lists its pages in this order; its first one is where /dash-board opens. */
export const DASHBOARD_PAGES = [
  page('agent-profile', 'Agent Profile', () => import('../users/AgentProfilePage'), { roles: ['agent', 'admin'], menu: AGENTS }),
  page('user-profile', 'My Profile', () => import('../users/UserProfilePage'), { menu: BUYERS }),
  page('admin-profile', 'Admin Profile', () => import('../users/AdminProfilePage'), { roles: ADMINS, menu: true }),
  // Agents
  page('add-property', 'Add Property', () => import('../properties/AddPropertyPage'), { roles: AGENTS, menu: true }),
  page('my-added-properties', 'My Added Properties', () => import('../properties/MyPropertiesPage'), { roles: AGENTS, menu: true }),
  page('update-property/:id', 'Update Property', () => import('../properties/UpdatePropertyPage'), { roles: AGENTS }),
  page('requested-properties', 'Requested Properties', () => import('../offers/RequestedPropertiesPage'), { roles: AGENTS, menu: true }),
  page('my-sold-properties', 'My Sold Properties', () => import('../offers/SoldPropertiesPage'), { roles: AGENTS, menu: true }),
  page('viewings', 'Viewings', () => import('../viewings/AgentViewingsPage'), { roles: AGENTS, menu: true }),
  page('listing-viewings/:id', 'Listing Viewings', () => import('../viewings/ListingViewingsPage'), { roles: AGENTS }),
  page('listing-demand/:id', 'Listing Demand', () => import('../insight/ListingDemandPage'), { roles: ['agent', 'admin'] }),
  // Buyers
  page('wishlist', 'Wishlist', () => import('../wishlist/WishlistPage'), { roles: BUYERS, menu: true }),
  page('make-offer/:id', 'Make an Offer', () => import('../offers/MakeOfferPage'), { roles: BUYERS }),
  page('payment/:id', 'Payment', () => import('../payments/PaymentPage'), { roles: BUYERS }),
  page('property-bought', 'Property Bought', () => import('../offers/PropertyBoughtPage'), { roles: BUYERS, menu: true }),
  page('my-viewings', 'My Viewings', () => import('../viewings/MyViewingsPage'), { roles: BUYERS, menu: true }),
  page('my-reviews', 'My Reviews', () => import('../reviews/MyReviewsPage'), { roles: BUYERS, menu: true }),
  page('saved-searches', 'Saved Searches', () => import('../saved-searches/SavedSearchesPage'), { roles: BUYERS, menu: true }),
  page('contact/:propertyId', 'Contact Agent', () => import('../messages/ContactAgentPage'), { roles: BUYERS }),
  // Admins
  page('manage-properties', 'Manage Properties', () => import('../properties/ManagePropertiesPage'), {
    roles: ADMINS,
    menu: true,
    firstScreen: () => import('../properties/manage-properties.first-screen'),
  }),
  page('manage-users', 'Manage Users', () => import('../users/ManageUsersPage'), { roles: ADMINS, menu: true }),
  page('manage-reviews', 'Manage Reviews', () => import('../reviews/ManageReviewsPage'), { roles: ADMINS, menu: true }),
  page('advertise-property', 'Advertise Property', () => import('../properties/AdvertisePropertyPage'), { roles: ADMINS, menu: true }),
  page('moderation', 'Moderation', () => import('../reports/ModerationPage'), { roles: ADMINS, menu: true }),
  // Several roles: reports (buyers and agents report listings), messages (between buyers and agents), the bell's page, e-mail settings
  page('my-reports', 'My Reports', () => import('../reports/MyReportsPage'), { menu: ['agent', 'user'] }),
  page('messages', 'Messages', () => import('../messages/MessagesPage'), { roles: ['agent', 'user'], menu: true }),
  page('messages/:id', 'Conversation', () => import('../messages/ConversationPage'), { roles: ['agent', 'user'] }),
  page('notifications', 'Notifications', () => import('../notifications/NotificationsPage'), { menu: EVERY_ROLE }),
  page('email-settings', 'E-mail Settings', () => import('../notifications/EmailSettingsPage'), { menu: EVERY_ROLE }),
] as const satisfies readonly PageDeclaration[];

/** The path of a dashboard page. */
export type DashboardPath = (typeof DASHBOARD_PAGES)[number]['path'];
