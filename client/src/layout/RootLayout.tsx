import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useNavigationPending } from '../app/app-router';
import { useMountWhenIdle } from '../ui/deferred';
import { Navbar } from './Navbar';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  return (
    <Box position="fixed" top="0" insetX="0" zIndex="toast" height="1" overflow="hidden" role="progressbar" aria-label="Loading page" bg="teal.100">
      <Box
        height="full"
        width="40%"
        bg="teal.600"
        css={{ animation: 'opennest-progress 1.2s ease-in-out infinite', '@keyframes opennest-progress': { from: { translate: '-100%' }, to: { translate: '250%' } } }}
      />
    </Box>
  );
}

// Under every page's first screen (the page is at least a screen tall): its code and icons load when the page is idle.
const Footer = lazy(() => import('./Footer').then(({ Footer }) => ({ default: Footer })));

function IdleFooter() {
  const mounted = useMountWhenIdle();
  return mounted ? (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  ) : null;
}

/** Skip link, navigation bar, the page and (unless left out, as in the prerendered shell) the footer. */
export function PageFrame({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  return (
    <Flex direction="column" minH="100vh">
      <SkipNavLink id="main">Skip to main content</SkipNavLink>
      <Navbar />
      {/* At least a screen tall under the bar, so the footer starts below the fold: a page growing as its data
          arrives (skeleton, then rows) then moves nothing on screen. */}
      <SkipNavContent as="main" id="main" flex="1" minH="calc(100dvh - 4rem)">
        {children}
      </SkipNavContent>
      {footer && <IdleFooter />}
    </Flex>
  );
}

export function RootLayout() {
  const pending = useNavigationPending();
  return (
    <>
      {pending && <NavigationProgress />}
      <PageFrame>
        <Outlet />
      </PageFrame>
    </>
  );
}
