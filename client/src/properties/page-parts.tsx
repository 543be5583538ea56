// Small pieces the dashboard listing pages share.
import { Avatar, Badge, Box, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { LuMapPin } from 'react-icons/lu';
import type { PropertyStatus } from './properties.generated';
import { STATUS_COLOUR } from './format';

/** The page's h1, an optional line under it and actions on the right (stacked on small screens). */
interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** For moving focus to the heading (it is focusable from script only). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

export function PageHeader({ title, subtitle, actions, headingRef }: PageHeaderProps) {
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'end' }} gap="3" mb="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl" ref={headingRef} tabIndex={headingRef ? -1 : undefined} outline="none">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {actions}
    </Flex>
  );
}

export function StatusBadge({ status }: { status: PropertyStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOUR[status]} textTransform="capitalize">
      {status}
    </Badge>
  );
}

/**
 * The pin and the location. On cards it stays one line; elsewhere it wraps,
 * with the pin kept beside the first line.
 */
export function PropertyLocation({ location, oneLine = false, gap = '1' }: { location: string; oneLine?: boolean; gap?: string }) {
  if (oneLine) {
    return (
      <HStack color="fg.muted" gap={gap}>
        <LuMapPin aria-hidden />
        <Text lineClamp={1}>{location}</Text>
      </HStack>
    );
  }
  return (
    <HStack color="fg.muted" gap={gap} align="start">
      <Box as="span" mt="1" flexShrink={0}>
        <LuMapPin aria-hidden />
      </Box>
      <Text>{location}</Text>
    </HStack>
  );
}

/** A small avatar and the agent's name, optionally introduced by "Agent:". */
export function AgentChip({ agent, labelled = false }: { agent: { name: string; image?: string | null }; labelled?: boolean }) {
  return (
    <HStack gap="2">
      <Avatar.Root size="xs">
        <Avatar.Fallback name={agent.name} />
        {agent.image && <Avatar.Image src={agent.image} alt="" />}
      </Avatar.Root>
      <Text fontSize="sm">
        {labelled && (
          <Text as="span" color="fg.muted">
            Agent:{' '}
          </Text>
        )}
        {agent.name}
      </Text>
    </HStack>
  );
}

/** The admin tables' Agent cell: name, and the e-mail under it. */
export function AgentCell({ agent }: { agent: { name: string; email: string } }) {
  return (
    <Table.Cell>
      <Text>{agent.name}</Text>
      <Text fontSize="xs" color="fg.muted">
        {agent.email}
      </Text>
    </Table.Cell>
  );
}
