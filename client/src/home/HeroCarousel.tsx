import { Box, Button, chakra, Container, Heading, HStack, IconButton, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { LuArrowRight, LuChevronLeft, LuChevronRight, LuPause, LuPlay } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useDocumentVisible, useOnScreen, usePrefersReducedMotion } from '../ui/motion';

/** Spec section 9: the hero moves on every 1000 ms. */
export const HERO_INTERVAL_MS = 1000;

interface Slide {
  image: string;
  /** Where the interesting part of the illustration sits, for narrow screens. */
  focus: string;
  eyebrow: string;
  headline: string;
  text: string;
  cta: string;
}

const SLIDES: Slide[] = [
  {
    image: '/hero/sunset-neighbourhood.svg',
    focus: '70% center',
    eyebrow: 'Admin-verified listings',
    headline: 'Find a home you can trust',
    text: 'Every property on OpenNest is checked by our admins before it goes live, so you only see genuine listings.',
    cta: 'Browse properties',
  },
  {
    image: '/hero/city-skyline.svg',
    focus: '55% center',
    eyebrow: 'City living',
    headline: 'Apartments and lofts in the heart of the city',
    text: 'Search by location, compare price ranges and shortlist your favourites in your wishlist.',
    cta: 'Explore city homes',
  },
  {
    image: '/hero/lakeside-villa.svg',
    focus: '78% center',
    eyebrow: 'Secure payments',
    headline: 'Make an offer and pay securely on the platform',
    text: 'Agree a price with accountable agents and complete your purchase without leaving OpenNest.',
    cta: 'Start your search',
  },
];

/**
 * Full-screen hero: three slides in an endless loop, moving on every second.
 * Rotation pauses while the pointer is over it, keyboard focus is inside it or
 * it is scrolled out of view, stays off for people who prefer reduced motion, and has a pause/play button.
 *
 * Plain markup, not Chakra's Carousel: that one is a scroll-snap carousel whose
 * state machine follows the scroll position, so every move ran script on each
 * scrolled frame, and an open home page took about 8 % of a desktop core while
 * it sat still (more on a phone); its code was also part of the home page's first
 * load. Here the slides sit side by side on one track that a CSS transform moves:
 * the browser's compositor animates it without script (the track is its own layer,
 * drawn once), and the page draws nothing between moves.
 */
export function HeroCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const pageVisible = useDocumentVisible();
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** null until the user presses the rotation button; then their choice wins. */
  const [userChoice, setUserChoice] = useState<'play' | 'pause' | null>(null);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  // Scrolled away (a visitor reading the listings below), it waits: nobody would see it move.
  const onScreen = useOnScreen(region);

  const wantsRotation = userChoice ? userChoice === 'play' : !reducedMotion;
  const rotating = wantsRotation && !hovered && !focused && pageVisible && onScreen;
  const goTo = (index: number) => setPage((index + SLIDES.length) % SLIDES.length);

  // A fresh timer per page: a manual move restarts the full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setPage((current) => (current + 1) % SLIDES.length), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, page]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    // Keyboard focus pauses; the rotation button itself does not (it is how rotation is resumed).
    const target = event.target as HTMLElement;
    setFocused(target !== rotationButton.current && target.matches(':focus-visible'));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  // The arrow keys move between slides while focus is on the controls.
  const onControlsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') goTo(page - 1);
    else if (event.key === 'ArrowRight') goTo(page + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box as="section" position="relative" data-testid="hero">
      <VisuallyHidden asChild>
        <h1>OpenNest: verified properties, accountable agents, secure payments</h1>
      </VisuallyHidden>
      <Box
        ref={region}
        role="region"
        aria-roledescription="carousel"
        aria-label="Highlights"
        position="relative"
        overflow="hidden"
        height={{ base: 'calc(100svh - 4rem)' }}
        minH={{ base: '30rem', md: '34rem' }}
        maxH="60rem"
        bg="gray.900"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
        data-rotating={rotating ? '' : undefined}
      >
        <Box
          display="flex"
          height="full"
          aria-live={rotating ? 'off' : 'polite'}
          transform={`translateX(-${page * 100}%)`}
          transition={reducedMotion ? undefined : 'transform 0.45s ease-in-out'}
          willChange="transform"
          data-testid="hero-track"
        >
          {SLIDES.map((slide, index) => (
            <Box
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`Slide ${index + 1} of ${SLIDES.length}`}
              flex="0 0 100%"
              height="full"
              position="relative"
              // Slides out of view keep their links out of the tab order and away from assistive tech.
              inert={index !== page}
              aria-hidden={index !== page}
              data-current={index === page ? '' : undefined}
              data-testid="hero-slide"
            >
              <Image
                src={slide.image}
                alt=""
                position="absolute"
                inset="0"
                width="full"
                height="full"
                objectFit="cover"
                objectPosition={{ base: slide.focus, md: 'center' }}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding="async"
                draggable={false}
              />
              <Box
                position="absolute"
                inset="0"
                // Narrow screens: text over the sky at the top; wide screens: text on the left.
                bgImage={{
                  base: 'linear-gradient(to bottom, rgba(10,14,30,0.85) 15%, rgba(10,14,30,0.45) 55%, rgba(10,14,30,0) 75%)',
                  md: 'linear-gradient(to right, rgba(10,14,30,0.82), rgba(10,14,30,0.45) 50%, rgba(10,14,30,0) 80%)',
                }}
              />
              <Container maxW="7xl" position="relative" height="full" display="flex" alignItems={{ base: 'flex-start', md: 'center' }}>
                <Stack gap={{ base: '4', md: '6' }} maxW="2xl" color="white" pt={{ base: '10', md: '0' }} pb={{ base: '24', md: '0' }}>
                  <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="teal.200">
                    {slide.eyebrow}
                  </Text>
                  <Heading as="h2" size={{ base: '3xl', md: '5xl', lg: '6xl' }} lineHeight="1.1" letterSpacing="tight">
                    {slide.headline}
                  </Heading>
                  <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900">
                    {slide.text}
                  </Text>
                  <Button asChild size={{ base: 'md', md: 'lg' }} colorPalette="teal" alignSelf="start">
                    <RouterLink to="/allProperties">
                      {slide.cta} <LuArrowRight aria-hidden />
                    </RouterLink>
                  </Button>
                </Stack>
              </Container>
            </Box>
          ))}
        </Box>

        <HStack position="absolute" bottom={{ base: '6', md: '8' }} insetX="0" justifyContent="center" pointerEvents="none">
          <HStack gap="3" bg="blackAlpha.500" backdropFilter="blur(6px)" rounded="full" px="2" py="1" pointerEvents="auto" onKeyDown={onControlsKeyDown}>
            <IconButton size="sm" variant="ghost" color="white" rounded="full" _hover={{ bg: 'whiteAlpha.300' }} aria-label="Previous slide" onClick={() => goTo(page - 1)}>
              <LuChevronLeft />
            </IconButton>
            <HStack gap="0">
              {SLIDES.map((slide, index) => (
                <chakra.button
                  key={slide.image}
                  type="button"
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === page ? 'true' : undefined}
                  data-current={index === page ? '' : undefined}
                  onClick={() => goTo(index)}
                  // A 24 px target (WCAG 2.2 target size) around the small dot, which the ::before draws.
                  width="6"
                  height="6"
                  bg="transparent"
                  cursor="pointer"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  rounded="full"
                  _before={{ content: '""', display: 'block', width: '2.5', height: '2.5', rounded: 'full', bg: 'whiteAlpha.500', transition: 'width 0.2s, background 0.2s' }}
                  _current={{ _before: { bg: 'white', width: '6' } }}
                  _focusVisible={{ outline: '2px solid white', outlineOffset: '2px' }}
                  data-testid="hero-indicator"
                />
              ))}
            </HStack>
            <IconButton size="sm" variant="ghost" color="white" rounded="full" _hover={{ bg: 'whiteAlpha.300' }} aria-label="Next slide" onClick={() => goTo(page + 1)}>
              <LuChevronRight />
            </IconButton>
            <IconButton
              ref={rotationButton}
              size="sm"
              variant="ghost"
              color="white"
              rounded="full"
              _hover={{ bg: 'whiteAlpha.300' }}
              aria-label={wantsRotation ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setUserChoice(wantsRotation ? 'pause' : 'play')}
              data-testid="hero-rotation"
            >
              {wantsRotation ? <LuPause /> : <LuPlay />}
            </IconButton>
          </HStack>
        </HStack>
      </Box>
    </Box>
  );
}
