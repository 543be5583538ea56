import { Link } from '@chakra-ui/react';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/allProperties', label: 'All Properties', end: false },
  { to: '/dash-board', label: 'Dashboard', end: false },
];

/** The three main links (spec section 2), for the top bar and the mobile menu. */
export function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return LINKS.map((link) => (
    <Link
      key={link.to}
      asChild
      px="3"
      py="2"
      rounded="md"
      fontWeight="medium"
      color="fg"
      _hover={{ bg: 'teal.50', textDecoration: 'none' }}
      css={{ '&.active': { color: 'teal.700', bg: 'teal.50' } }}
    >
      <NavLink to={link.to} end={link.end} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </Link>
  ));
}
