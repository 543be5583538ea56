// The dashboard's side menu by role (spec section 2), from the page table
// (app/pages.ts): each role's menu pages in the table's order, labelled with
// their titles. The icons are here, with the menu, so the first load (which
// carries the page table) does not.
import type { IconType } from 'react-icons';
import {
  LuBadgeDollarSign,
  LuBell,
  LuBuilding2,
  LuCalendarClock,
  LuFlag,
  LuHeart,
  LuInbox,
  LuList,
  LuMail,
  LuMegaphone,
  LuMessageSquare,
  LuMessagesSquare,
  LuPlus,
  LuSearch,
  LuShieldCheck,
  LuShoppingBag,
  LuStar,
  LuUser,
  LuUsers,
} from 'react-icons/lu';
import { DASHBOARD_PAGES, type DashboardPath, type DashboardRole } from '../app/pages';

export interface MenuItem {
  to: string;
  label: string;
  icon: IconType;
}

/** The icon of each page the menus list (menu.test.ts: every menu page has one). */
export const MENU_ICONS = {
  'agent-profile': LuUser,
  'user-profile': LuUser,
  'admin-profile': LuUser,
  'add-property': LuPlus,
  'my-added-properties': LuList,
  'requested-properties': LuInbox,
  'my-sold-properties': LuBadgeDollarSign,
  viewings: LuCalendarClock,
  wishlist: LuHeart,
  'property-bought': LuShoppingBag,
  'my-viewings': LuCalendarClock,
  'my-reviews': LuStar,
  'saved-searches': LuSearch,
  'manage-properties': LuShieldCheck,
  'manage-users': LuUsers,
  'manage-reviews': LuMessageSquare,
  'advertise-property': LuMegaphone,
  moderation: LuFlag,
  'my-reports': LuFlag,
  messages: LuMessagesSquare,
  notifications: LuBell,
  'email-settings': LuMail,
} satisfies Partial<Record<DashboardPath, IconType>>;

const iconOf = (path: DashboardPath): IconType => (MENU_ICONS as Partial<Record<DashboardPath, IconType>>)[path] ?? LuList;

/** The menu of a role. Fraud gets no menu at all. */
export const menuFor = (role: DashboardRole): MenuItem[] =>
  DASHBOARD_PAGES.flatMap((page) => {
    const roles = page.menu === true ? page.roles : page.menu;
    return roles?.includes(role) ? [{ to: page.path, label: typeof page.title === 'string' ? page.title : '', icon: iconOf(page.path) }] : [];
  });

/** Where /dash-board opens for a role: its menu's first page (its profile). */
export const dashboardHomeOf = (role: DashboardRole): string => menuFor(role)[0].to;

export const FRAUD_WARNING = 'Your agent account has been marked as fraudulent. You cannot access agent features.';

export const HOME_ITEM: MenuItem = { to: '/', label: 'Back to Home', icon: LuBuilding2 };
