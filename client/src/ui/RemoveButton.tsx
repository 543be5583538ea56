import { Button, type ButtonProps } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

interface RemoveButtonProps extends Omit<ButtonProps, 'aria-label' | 'colorPalette' | 'variant'> {
  /** The accessible name: what it removes ("Delete your review of …"). */
  label: string;
}

/** The button that removes something for good, once confirmed: red, outlined, with a bin. */
export function RemoveButton({ label, children, ...props }: RemoveButtonProps) {
  return (
    <Button colorPalette="red" variant="outline" aria-label={label} {...props}>
      <LuTrash2 aria-hidden /> {children}
    </Button>
  );
}
