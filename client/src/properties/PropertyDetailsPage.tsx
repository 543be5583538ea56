import { Container } from '@chakra-ui/react';
import { PlannedPage } from '../ui/PlannedPage';

export default function PropertyDetailsPage() {
  return (
    <Container maxW="7xl" py="10">
      <PlannedPage title="Property Details" />
    </Container>
  );
}
