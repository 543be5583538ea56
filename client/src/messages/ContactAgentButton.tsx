// The ways a buyer starts talking to an agent: "Contact agent" on a listing's
// details page and "Message agent" on an offer; both open the contact page.
import { Button } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import type { PropertyStatus } from '../properties/properties.generated';

export const contactPath = (propertyId: string) => `/dash-board/contact/${propertyId}`;

/** On a verified listing, for buyers. */
export function ContactAgentButton({ property }: { property: { id: string; title: string; status: PropertyStatus } }) {
  const { viewer } = useAuth();
  if (viewer?.role !== 'user' || property.status !== 'verified') return null;
  return (
    <Button asChild mt="4" width="full" colorPalette="teal" variant="outline" aria-label={`Contact agent about ${property.title}`}>
      <RouterLink to={contactPath(property.id)}>
        <LuMessageCircle aria-hidden /> Contact agent
      </RouterLink>
    </Button>
  );
}

/** On an offer card (the buyer's own offers). */
export function MessageAgentLink({ propertyId, propertyTitle }: { propertyId: string; propertyTitle: string }) {
  return (
    <Button asChild size="sm" variant="outline" alignSelf="start" aria-label={`Message agent about ${propertyTitle}`}>
      <RouterLink to={contactPath(propertyId)}>
        <LuMessageCircle aria-hidden /> Message agent
      </RouterLink>
    </Button>
  );
}
