import type { IconType } from 'react-icons';
import {
  LuBadgeDollarSign,
  LuBell,
  LuFlag,
  LuMail,
  LuMessagesSquare,
  LuSearch,
  LuBuilding2,
  LuHeart,
  LuInbox,
  LuList,
  LuMegaphone,
  LuMessageSquare,
  LuPlus,
  LuShieldCheck,
  LuShoppingBag,
  LuStar,
  LuUser,
  LuUsers,
} from 'react-icons/lu';
import type { Role } from '../users/users.generated';

export interface MenuItem {
  to: string;
  label: string;
  icon: IconType;
}

/** The dashboard side menu, by role (spec section 2). Fraud gets no menu at all. */
export const MENU_BY_ROLE: Record<Exclude<Role, 'fraud'>, MenuItem[]> = {
  agent: [
    { to: 'agent-profile', label: 'Agent Profile', icon: LuUser },
    { to: 'add-property', label: 'Add Property', icon: LuPlus },
    { to: 'my-added-properties', label: 'My Added Properties', icon: LuList },
    { to: 'requested-properties', label: 'Requested Properties', icon: LuInbox },
    { to: 'my-sold-properties', label: 'My Sold Properties', icon: LuBadgeDollarSign },
    { to: 'my-reports', label: 'My Reports', icon: LuFlag },
    { to: 'messages', label: 'Messages', icon: LuMessagesSquare },
    { to: 'notifications', label: 'Notifications', icon: LuBell },
    { to: 'email-settings', label: 'E-mail Settings', icon: LuMail },
  ],
  user: [
    { to: 'user-profile', label: 'My Profile', icon: LuUser },
    { to: 'wishlist', label: 'Wishlist', icon: LuHeart },
    { to: 'property-bought', label: 'Property Bought', icon: LuShoppingBag },
    { to: 'my-reviews', label: 'My Reviews', icon: LuStar },
    { to: 'saved-searches', label: 'Saved Searches', icon: LuSearch },
    { to: 'my-reports', label: 'My Reports', icon: LuFlag },
    { to: 'messages', label: 'Messages', icon: LuMessagesSquare },
    { to: 'notifications', label: 'Notifications', icon: LuBell },
    { to: 'email-settings', label: 'E-mail Settings', icon: LuMail },
  ],
  admin: [
    { to: 'admin-profile', label: 'Admin Profile', icon: LuUser },
    { to: 'manage-properties', label: 'Manage Properties', icon: LuShieldCheck },
    { to: 'manage-users', label: 'Manage Users', icon: LuUsers },
    { to: 'manage-reviews', label: 'Manage Reviews', icon: LuMessageSquare },
    { to: 'advertise-property', label: 'Advertise Property', icon: LuMegaphone },
    { to: 'moderation', label: 'Moderation', icon: LuFlag },
    { to: 'notifications', label: 'Notifications', icon: LuBell },
    { to: 'email-settings', label: 'E-mail Settings', icon: LuMail },
  ],
};

export const PROFILE_PATH_BY_ROLE: Record<Exclude<Role, 'fraud'>, string> = {
  agent: 'agent-profile',
  user: 'user-profile',
  admin: 'admin-profile',
};

export const FRAUD_WARNING = 'Your agent account has been marked as fraudulent. You cannot access agent features.';

export const HOME_ITEM: MenuItem = { to: '/', label: 'Back to Home', icon: LuBuilding2 };
