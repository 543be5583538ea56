// What a buyer sees of a listing they can no longer see (rejected, deleted, its
// agent marked as fraud) where they meet it through something they hold (an
// offer, a wishlist item, a conversation, a review, a report, a notification):
// its title and "No longer listed", never its photo or details. The server
// decides (Property.noLongerListed, server/properties/listing-visibility.ts);
// these are the one way the screens show it.
import { AspectRatio, Badge, Box, Card, Center, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuEyeOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';

export const NO_LONGER_LISTED = 'No longer listed';

/** The state, beside a listing's title. */
export function NoLongerListedBadge() {
  return (
    <Badge colorPalette="gray" variant="surface" flexShrink={0} data-testid="no-longer-listed">
      <LuEyeOff aria-hidden /> {NO_LONGER_LISTED}
    </Badge>
  );
}

/** In place of a listing's cover photo (4:3, as the photo would be). */
export function NoLongerListedCover() {
  return (
    <AspectRatio ratio={4 / 3} bg="gray.100">
      <Center flexDirection="column" gap="2" color="fg.muted" p="4" textAlign="center" data-testid="no-longer-listed-cover">
        <Box fontSize="2xl" aria-hidden>
          <LuEyeOff />
        </Box>
        <Text fontWeight="medium">{NO_LONGER_LISTED}</Text>
        <Text fontSize="sm">Its photos and details are no longer shown.</Text>
      </Center>
    </AspectRatio>
  );
}

/** A listing's title where it links to the details page: the link while listed; the text and the badge once it is not. */
export function ListingTitle({ property, children }: { property: { id: string; title: string; noLongerListed: boolean }; children?: ReactNode }) {
  if (property.noLongerListed) {
    return (
      <HStack as="span" gap="2" wrap="wrap" display="inline-flex">
        <Text as="span">{children ?? property.title}</Text>
        <NoLongerListedBadge />
      </HStack>
    );
  }
  return (
    <Link asChild color="teal.700">
      <RouterLink to={`/propertyDetails/${property.id}`}>{children ?? property.title}</RouterLink>
    </Link>
  );
}

/** In place of what a page would do with a listing (make an offer): the title, the state, and what it means. */
export function NoLongerListedNotice({ title, detail }: { title: string; detail: string }) {
  return (
    <Card.Root maxW="4xl" variant="outline" data-testid="no-longer-listed-notice">
      <Card.Body gap="3" p={{ base: '4', md: '6' }}>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {title}
            </Heading>
            <NoLongerListedBadge />
          </HStack>
          <Text color="fg.muted">{detail}</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
