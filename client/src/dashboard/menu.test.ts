// The dashboard's menus and home page come from the page table (app/pages.ts):
// each role's menu is the spec's list, in its order (with issue 20's viewings pages), every item has its own
// icon, and /dash-board opens the role's profile.
import { DASHBOARD_PAGES } from '../app/pages';
import { dashboardHomeOf, MENU_ICONS, menuFor } from './menu';

const MENUS = {
  agent: ['Agent Profile', 'Add Property', 'My Added Properties', 'Requested Properties', 'My Sold Properties', 'Viewings', 'My Reports', 'Messages', 'Notifications', 'E-mail Settings'],
  user: ['My Profile', 'Wishlist', 'Property Bought', 'My Viewings', 'My Reviews', 'Saved Searches', 'My Reports', 'Messages', 'Notifications', 'E-mail Settings'],
  admin: ['Admin Profile', 'Manage Properties', 'Manage Users', 'Manage Reviews', 'Advertise Property', 'Moderation', 'Notifications', 'E-mail Settings'],
} as const;

it.each(Object.entries(MENUS))('lists the %s menu of the spec, in order', (role, labels) => {
  expect(menuFor(role as keyof typeof MENUS).map((item) => item.label)).toEqual(labels);
});

it('gives every menu page an icon of its own declaration, and declares no icon for a page no menu lists', () => {
  const listed = new Set(Object.keys(MENUS).flatMap((role) => menuFor(role as keyof typeof MENUS).map((item) => item.to)));
  expect(Object.keys(MENU_ICONS).sort()).toEqual([...listed].sort());
});

it('links each item to its page under /dash-board', () => {
  const paths = new Set<string>(DASHBOARD_PAGES.map((page) => page.path));
  for (const role of Object.keys(MENUS) as Array<keyof typeof MENUS>) for (const item of menuFor(role)) expect(paths.has(item.to)).toBe(true);
});

it('opens /dash-board on the role’s profile page', () => {
  expect({ agent: dashboardHomeOf('agent'), user: dashboardHomeOf('user'), admin: dashboardHomeOf('admin') }).toEqual({
    agent: 'agent-profile',
    user: 'user-profile',
    admin: 'admin-profile',
  });
});
