// A link that looks like a button, with its icon: page-header actions ("All
// messages", "Search properties") and row actions that lead somewhere ("Run now").
import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuSearch } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';

interface LinkButtonProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  to: string;
  icon: IconType;
  children: ReactNode;
}

export function LinkButton({ to, icon: Icon, children, variant = 'ghost', size = 'sm', ...button }: LinkButtonProps) {
  return (
    <Button asChild variant={variant} size={size} {...button}>
      <RouterLink to={to}>
        <Icon aria-hidden /> {children}
      </RouterLink>
    </Button>
  );
}

/** An empty list's way to find homes: the same words and look wherever a buyer's list starts empty. */
export function BrowsePropertiesButton() {
  return (
    <LinkButton to="/allProperties" icon={LuSearch} variant="solid" size="md" colorPalette="teal">
      Browse properties
    </LinkButton>
  );
}
