// Small pieces the dashboard listing pages share.
import { Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
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
