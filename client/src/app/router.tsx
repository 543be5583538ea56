// The route table of spec section 2. Every page is its own chunk (lazy).
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from '../auth/guards';
import { RootLayout } from '../layout/RootLayout';
import NotFoundPage from '../pages/NotFoundPage';
import { LoadingScreen } from '../ui/LoadingScreen';

const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
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
          { index: true, ...page(() => import('../home/HomePage')) },
          { path: 'login', ...page(() => import('../auth/LoginPage')) },
          { path: 'register', ...page(() => import('../auth/RegisterPage')) },
          { path: 'forbidden', ...page(() => import('../pages/ForbiddenPage')) },
          { path: 'sandbox', ...page(() => import('../sandbox/SandboxPage')) },
          // E-mails' one-click unsubscribe link: no sign-in needed.
          { path: 'unsubscribe', ...page(() => import('../notifications/UnsubscribePage')) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'allProperties', ...page(() => import('../properties/AllPropertiesPage')) },
              { path: 'propertyDetails/:id', ...page(() => import('../properties/PropertyDetailsPage')) },
              {
                path: 'dash-board',
                ...page(() => import('../dashboard/DashboardLayout')),
                children: [
                  { index: true, ...page(() => import('../dashboard/DashboardHome')) },
                  // Agent (not role-guarded on the client; the server enforces roles)
                  { path: 'agent-profile', ...page(() => import('../users/AgentProfilePage')) },
                  { path: 'add-property', ...page(() => import('../properties/AddPropertyPage')) },
                  { path: 'my-added-properties', ...page(() => import('../properties/MyPropertiesPage')) },
                  { path: 'update-property/:id', ...page(() => import('../properties/UpdatePropertyPage')) },
                  { path: 'requested-properties', ...page(() => import('../offers/RequestedPropertiesPage')) },
                  { path: 'my-sold-properties', ...page(() => import('../offers/SoldPropertiesPage')) },
                  // User
                  { path: 'user-profile', ...page(() => import('../users/UserProfilePage')) },
                  { path: 'wishlist', ...page(() => import('../wishlist/WishlistPage')) },
                  { path: 'make-offer/:id', ...page(() => import('../offers/MakeOfferPage')) },
                  { path: 'payment/:id', ...page(() => import('../payments/PaymentPage')) },
                  { path: 'property-bought', ...page(() => import('../offers/PropertyBoughtPage')) },
                  { path: 'my-reviews', ...page(() => import('../reviews/MyReviewsPage')) },
                  { path: 'saved-searches', ...page(() => import('../saved-searches/SavedSearchesPage')) },
                  { path: 'contact/:propertyId', ...page(() => import('../messages/ContactAgentPage')) },
                  // Every role but fraud: the bell, messages (buyers and agents), e-mail settings
                  { path: 'notifications', ...page(() => import('../notifications/NotificationsPage')) },
                  { path: 'email-settings', ...page(() => import('../notifications/EmailSettingsPage')) },
                  { path: 'messages', ...page(() => import('../messages/MessagesPage')) },
                  { path: 'messages/:id', ...page(() => import('../messages/ConversationPage')) },
                  // Admin: non-admins are sent to /forbidden
                  {
                    element: <RequireAdmin />,
                    children: [
                      { path: 'admin-profile', ...page(() => import('../users/AdminProfilePage')) },
                      { path: 'manage-properties', ...page(() => import('../properties/ManagePropertiesPage')) },
                      { path: 'manage-users', ...page(() => import('../users/ManageUsersPage')) },
                      { path: 'manage-reviews', ...page(() => import('../reviews/ManageReviewsPage')) },
                      { path: 'advertise-property', ...page(() => import('../properties/AdvertisePropertyPage')) },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
