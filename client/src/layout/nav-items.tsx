import { Link, type LinkProps } from '@chakra-ui/react';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/allProperties', label: 'All Properties', end: false },
  { to: '/dash-board', label: 'Dashboard', end: false },
];

/** A navigation link's box: the main links here and the dashboard's menu (its `css` styles the active one, NavLink's `.active`). */
export const NAV_LINK: LinkProps = { px: '3', py: '2', rounded: 'md', color: 'fg', _hover: { bg: 'teal.50', textDecoration: 'none' } };

/** The three main links (spec section 2), for the top bar and the mobile menu. */
export function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return LINKS.map((link) => (
    <Link key={link.to} asChild {...NAV_LINK} fontWeight="medium" css={{ '&.active': { color: 'teal.700', bg: 'teal.50' } }}>
      <NavLink to={link.to} end={link.end} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </Link>
  ));
}
