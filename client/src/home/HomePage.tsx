import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { AdvertisedProperties } from './AdvertisedProperties';
import { HeroCarousel } from './HeroCarousel';

const HomeBelowFold = lazy(() => import('./HomeBelowFold'));

/** Spec section 2, Home page: the sections in their order (those under the first screenful load on their own). */
export default function HomePage() {
  return (
    <>
      <HeroCarousel />
      <AdvertisedProperties />
      {/* Room for the sections while they load, so the footer does not jump up and back; busy, so assistive technology (and the visual check) know they are coming. */}
      <Suspense fallback={<Box minH="100vh" aria-busy="true" />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
