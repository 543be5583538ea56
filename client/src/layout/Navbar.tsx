import { Avatar, Box, Button, Container, Drawer, Flex, HStack, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHouse, LuLogOut, LuMenu } from 'react-icons/lu';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { NotificationBell } from '../notifications/NotificationBell';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/allProperties', label: 'All Properties', end: false },
  { to: '/dash-board', label: 'Dashboard', end: false },
];

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
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

export function Navbar() {
  const { status, viewer, firebaseUser, signOut } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = viewer?.name ?? firebaseUser?.displayName ?? firebaseUser?.email ?? '';
  const photo = viewer?.image ?? firebaseUser?.photoURL ?? undefined;

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="4">
          <HStack gap="2">
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

          <HStack gap={{ base: '2', md: '3' }}>
            {status === 'signedIn' ? (
              <>
                <NotificationBell />
                <Avatar.Root size="sm">
                  <Avatar.Fallback name={name} />
                  {photo && <Avatar.Image src={photo} alt="" />}
                </Avatar.Root>
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

      <Drawer.Root open={menuOpen} onOpenChange={(details) => setMenuOpen(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="xs">
              <Drawer.Header>
                <Drawer.Title>OpenNest</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" aria-label="Main (mobile)">
                  <NavItems onNavigate={() => setMenuOpen(false)} />
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
