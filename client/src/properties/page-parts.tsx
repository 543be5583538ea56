// Small pieces the dashboard listing pages share.
import { Alert, Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useAuth } from '../auth/AuthProvider';
import type { PropertyStatus } from '../graphql/generated';
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
 * Agent pages are not role-guarded on the client (spec section 6); a signed-in
 * non-agent gets this notice instead of a form the server would refuse. (A fraud
 * account never gets here: the dashboard shows only its warning.)
 */
export function AgentOnly({ children }: { children: ReactNode }) {
  const { viewer } = useAuth();
  if (!viewer) return null;
  if (viewer.role !== 'agent') {
    return (
      <Alert.Root status="warning" data-testid="agent-only">
        <Alert.Indicator />
        <Alert.Title>This page is only for agents.</Alert.Title>
      </Alert.Root>
    );
  }
  return children;
}
