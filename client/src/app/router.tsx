// The route table of spec section 2. Every page is its own chunk (lazy).
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from '../auth/guards';
import { RootLayout } from '../layout/RootLayout';
import type { RouteHandle } from '../layout/page-title';
import NotFoundPage from '../pages/NotFoundPage';
import { LoadingScreen } from '../ui/LoadingScreen';

/** A lazily loaded page and its tab title (RootLayout shows it, unless the page names itself). */
const page = (title: string | RouteHandle | null, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => ({ Component: (await load()).default }),
  ...(title ? { handle: (typeof title === 'string' ? { title } : title) satisfies RouteHandle } : {}),
});


export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // Errors thrown while rendering or loading any page show the 404 page inside the layout.
        errorElement: <NotFoundPage />,
        children: [
          { index: true, ...page(null, () => import('../home/HomePage')) },
          { path: 'login', ...page('Login', () => import('../auth/LoginPage')) },
          { path: 'register', ...page('Register', () => import('../auth/RegisterPage')) },
          { path: 'forbidden', ...page('Forbidden', () => import('../pages/ForbiddenPage')) },
          { path: 'sandbox', ...page('GraphQL Sandbox', () => import('../sandbox/SandboxPage')) },
          // E-mails' one-click unsubscribe link: no sign-in needed.
          { path: 'unsubscribe', ...page('Unsubscribe', () => import('../notifications/UnsubscribePage')) },
          // The newsletter's confirmation link: no sign-in needed.
          { path: 'newsletter/confirm', ...page('Confirm Subscription', () => import('../home/NewsletterConfirmPage')) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'allProperties', ...page('All Properties', () => import('../properties/AllPropertiesPage')) },
              { path: 'propertyDetails/:id', ...page({ title: 'Property Details', titleFromPage: true }, () => import('../properties/PropertyDetailsPage')) },
              {
                path: 'dash-board',
                ...page('Dashboard', () => import('../dashboard/DashboardLayout')),
                children: [
                  { index: true, ...page(null, () => import('../dashboard/DashboardHome')) },
                  // Agent (not role-guarded on the client; the server enforces roles)
                  { path: 'agent-profile', ...page('Agent Profile', () => import('../users/AgentProfilePage')) },
                  { path: 'add-property', ...page('Add Property', () => import('../properties/AddPropertyPage')) },
                  { path: 'my-added-properties', ...page('My Added Properties', () => import('../properties/MyPropertiesPage')) },
                  { path: 'update-property/:id', ...page('Update Property', () => import('../properties/UpdatePropertyPage')) },
                  { path: 'requested-properties', ...page('Requested Properties', () => import('../offers/RequestedPropertiesPage')) },
                  { path: 'my-sold-properties', ...page('My Sold Properties', () => import('../offers/SoldPropertiesPage')) },
                  // User
                  { path: 'user-profile', ...page('My Profile', () => import('../users/UserProfilePage')) },
                  { path: 'wishlist', ...page('Wishlist', () => import('../wishlist/WishlistPage')) },
                  { path: 'make-offer/:id', ...page('Make an Offer', () => import('../offers/MakeOfferPage')) },
                  { path: 'payment/:id', ...page('Payment', () => import('../payments/PaymentPage')) },
                  { path: 'property-bought', ...page('Property Bought', () => import('../offers/PropertyBoughtPage')) },
                  { path: 'my-reviews', ...page('My Reviews', () => import('../reviews/MyReviewsPage')) },
                  { path: 'my-reports', ...page('My Reports', () => import('../reports/MyReportsPage')) },
                  { path: 'saved-searches', ...page('Saved Searches', () => import('../saved-searches/SavedSearchesPage')) },
                  { path: 'contact/:propertyId', ...page('Contact Agent', () => import('../messages/ContactAgentPage')) },
                  // Every role but fraud: the bell, messages (buyers and agents), e-mail settings
                  { path: 'notifications', ...page('Notifications', () => import('../notifications/NotificationsPage')) },
                  { path: 'email-settings', ...page('E-mail Settings', () => import('../notifications/EmailSettingsPage')) },
                  { path: 'messages', ...page('Messages', () => import('../messages/MessagesPage')) },
                  { path: 'messages/:id', ...page('Conversation', () => import('../messages/ConversationPage')) },
                  // Admin: non-admins are sent to /forbidden
                  {
                    element: <RequireAdmin />,
                    children: [
                      { path: 'admin-profile', ...page('Admin Profile', () => import('../users/AdminProfilePage')) },
                      { path: 'manage-properties', ...page('Manage Properties', () => import('../properties/ManagePropertiesPage')) },
                      { path: 'manage-users', ...page('Manage Users', () => import('../users/ManageUsersPage')) },
                      { path: 'manage-reviews', ...page('Manage Reviews', () => import('../reviews/ManageReviewsPage')) },
                      { path: 'moderation', ...page('Moderation', () => import('../reports/ModerationPage')) },
                      { path: 'advertise-property', ...page('Advertise Property', () => import('../properties/AdvertisePropertyPage')) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
