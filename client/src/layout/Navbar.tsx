import { Box, Button, Container, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { PersonAvatar } from '../ui/PersonAvatar';
import { lazy, Suspense, useState } from 'react';
import { LuHouse, LuLogOut, LuMenu } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { useMountWhenIdle } from '../ui/deferred';
import { NavItems } from './nav-items';

const MobileMenu = lazy(() => import('./MobileMenu'));
// Signed-in only, with its live subscription: out of the first load of public pages.
const NotificationBell = lazy(() => import('../notifications/NotificationBell').then(({ NotificationBell }) => ({ default: NotificationBell })));

export function Navbar() {
  const { status, viewer, signOut } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuMounted = useMountWhenIdle(menuOpen);
  const name = viewer?.name ?? '';
  const photo = viewer?.image ?? undefined;

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap={{ base: '2', md: '4' }}>
          {/* The outer groups share the spare width equally, so the links stay put while the account area fills in.
              On a phone there are no links: the account area takes what the logo leaves, with narrower gaps
              (at 390 px the bell, the avatar and Logout ran 11 px into the page's margin). */}
          <HStack gap={{ base: '1', md: '2' }} flex={{ base: 'none', md: '1' }}>
            <IconButton aria-label="Open menu" variant="ghost" display={{ base: 'inline-flex', md: 'none' }} onClick={() => setMenuOpen(true)}>
              <LuMenu />
            </IconButton>
            <Link asChild fontWeight="bold" fontSize="xl" color="teal.700" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label="OpenNest home">
                <LuHouse /> OpenNest
              </RouterLink>
            </Link>
          </HStack>

          <HStack gap="1" display={{ base: 'none', md: 'flex' }}>
            <NavItems />
          </HStack>

          <HStack gap={{ base: '1', md: '3' }} flex="1" justify="end">
            {status === 'signedIn' ? (
              <>
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
                <PersonAvatar person={{ name, image: photo }} size="sm" />
                <Text fontWeight="medium" display={{ base: 'none', md: 'block' }} maxW="48" truncate data-testid="navbar-user-name">
                  {name}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={async () => {
                    await signOut();
                    navigate('/');
                  }}
                >
                  <LuLogOut /> Logout
                </Button>
              </>
            ) : status === 'signedOut' ? (
              <Button asChild size="sm" colorPalette="teal">
                <RouterLink to="/login">Login</RouterLink>
              </Button>
            ) : null}
          </HStack>
        </Flex>
      </Container>

      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
    </Box>
  );
}
