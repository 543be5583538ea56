import { Alert, Badge, Box, Button, Container, Flex, Grid, Icon, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { PersonAvatar } from '../ui/PersonAvatar';
import { useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { NAV_LINK } from '../layout/nav-items';
import { FRAUD_WARNING, HOME_ITEM, menuFor, type MenuItem } from './menu';

function MenuLink({ item, end }: { item: MenuItem; end?: boolean }) {
  return (
    <Link asChild {...NAV_LINK} display="flex" alignItems="center" gap="3" css={{ '&.active': { bg: 'teal.600', color: 'white' } }}>
      <NavLink to={item.to} end={end}>
        <Icon as={item.icon} aria-hidden />
        {item.label}
      </NavLink>
    </Link>
  );
}

export default function DashboardLayout() {
  const { viewer } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = viewer?.role;

  // Spec: a fraud account sees only the warning, nothing else of the dashboard.
  if (role === 'fraud') {
    return (
      <Container maxW="3xl" py="16">
        {/* Every page has an h1; the warning itself is all this dashboard shows (spec). */}
        <VisuallyHidden asChild>
          <h1>Dashboard</h1>
        </VisuallyHidden>
        <Alert.Root status="error" data-testid="fraud-warning">
          <Alert.Indicator />
          <Alert.Title>{FRAUD_WARNING}</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }

  const items = role ? menuFor(role) : [];
  const name = viewer?.name ?? '';
  return (
    <Container maxW="7xl" py="6">
      <Grid templateColumns={{ base: '1fr', lg: '260px 1fr' }} gap="6">
        <Box as="aside" aria-label="Dashboard menu">
          <Button display={{ base: 'flex', lg: 'none' }} variant="outline" width="full" mb="3" onClick={() => setMenuOpen((open) => !open)} aria-expanded={menuOpen}>
            <LuMenu /> Dashboard menu
          </Button>
          <Stack display={{ base: menuOpen ? 'flex' : 'none', lg: 'flex' }} gap="4" borderWidth="1px" rounded="lg" p="4" position={{ lg: 'sticky' }} top={{ lg: '20' }} onClick={() => setMenuOpen(false)}>
            {/* Shared block */}
            <Flex align="center" gap="3">
              <PersonAvatar person={{ name, image: viewer?.image }} />
              <Box minW="0">
                <Text fontWeight="semibold" truncate>
                  {name}
                </Text>
                {role && (
                  <Badge colorPalette="teal" textTransform="capitalize">
                    {role}
                  </Badge>
                )}
              </Box>
            </Flex>
            <Stack as="nav" aria-label="Dashboard" gap="1">
              {items.map((item) => (
                <MenuLink key={item.to} item={item} />
              ))}
              <Box borderTopWidth="1px" my="2" />
              <MenuLink item={HOME_ITEM} end />
            </Stack>
          </Stack>
        </Box>
        <Box minW="0">
          <Outlet />
        </Box>
      </Grid>
    </Container>
  );
}
