import { Container } from '@chakra-ui/react';
import { PlannedPage } from '../ui/PlannedPage';

export default function AllPropertiesPage() {
  return (
    <Container maxW="7xl" py="10">
      <PlannedPage title="All Properties" />
    </Container>
  );
}
