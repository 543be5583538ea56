import { Badge, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import '../ui/recipes/data-list';
import { PersonAvatar } from '../ui/PersonAvatar';
import { useAuth } from '../auth/AuthProvider';
import { formatLocalDateTimeOf } from '@opennest/common/local-time';


/** Photo, name, e-mail, role, and the identity provider's account times. */
export function ProfileCard({ heading }: { heading: string }) {
  const { viewer } = useAuth();
  if (!viewer) return null;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {heading}
      </Heading>
      <Card.Root maxW="2xl">
        <Card.Body>
          <HStack gap="5" align="center" mb="6">
            <PersonAvatar person={viewer} size="2xl" alt={`${viewer.name}'s photo`} />
            <Stack gap="1">
              <Text fontSize="xl" fontWeight="semibold">
                {viewer.name}
              </Text>
              <Text color="fg.muted">{viewer.email}</Text>
              <Badge alignSelf="start" colorPalette="teal" textTransform="capitalize">
                {viewer.role}
              </Badge>
            </Stack>
          </HStack>
          <DataList.Root orientation="horizontal" data-testid="account-times">
            <DataList.Item>
              <DataList.ItemLabel>Account created</DataList.ItemLabel>
              <DataList.ItemValue>{formatLocalDateTimeOf(viewer.createdAt)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Last sign-in</DataList.ItemLabel>
              <DataList.ItemValue>{formatLocalDateTimeOf(viewer.lastLogInAt)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
