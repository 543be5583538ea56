import { Box, Flex, Progress } from '@chakra-ui/react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <Flex direction="column" minH="100vh">
      {navigation.state === 'loading' && (
        <Progress.Root value={null} size="xs" colorPalette="teal" position="fixed" top="0" insetX="0" zIndex="toast" aria-label="Loading page">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Navbar />
      <Box as="main" flex="1" id="main">
        <Outlet />
      </Box>
      <Footer />
      <ScrollRestoration />
    </Flex>
  );
}
