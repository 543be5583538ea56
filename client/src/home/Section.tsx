import { Box, Container, Heading, Stack, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionProps extends Omit<BoxProps, 'title'> {
  /** Used for the heading id, so the section is a named landmark. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** A home page band: a centred heading (h2) and its content. */
export function Section({ id, title, subtitle, children, ...boxProps }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box as="section" aria-labelledby={headingId} py={{ base: '12', md: '20' }} data-testid={`section-${id}`} {...boxProps}>
      <Container maxW="7xl">
        <Stack gap="3" textAlign="center" mb={{ base: '8', md: '12' }} maxW="3xl" mx="auto">
          <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {title}
          </Heading>
          {subtitle && (
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
