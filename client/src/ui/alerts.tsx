// Modal alerts in the style the spec describes ('Oops...', success alerts that
// close themselves after 2 s). `const alert = useAlert(); await alert.show({...})`
// resolves when the alert closes, so callers can navigate afterwards.
import { Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LuCircleAlert, LuCircleCheck, LuInfo, LuTriangleAlert } from 'react-icons/lu';

export type AlertStatus = 'success' | 'error' | 'warning' | 'info';

export interface AlertOptions {
  status: AlertStatus;
  title: string;
  text?: string;
  /** Close on its own after this many milliseconds (no OK button then). */
  autoCloseMs?: number;
}

interface AlertApi {
  show(options: AlertOptions): Promise<void>;
}

const AlertContext = createContext<AlertApi | null>(null);

const ICONS = { success: LuCircleCheck, error: LuCircleAlert, warning: LuTriangleAlert, info: LuInfo };
const COLOURS = { success: 'green.500', error: 'red.500', warning: 'orange.400', info: 'blue.500' };

export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AlertOptions | null>(null);
  const resolveRef = useRef<(() => void) | null>(null);

  const close = useCallback(() => {
    setCurrent(null);
    resolveRef.current?.();
    resolveRef.current = null;
  }, []);

  const api = useMemo<AlertApi>(
    () => ({
      show: (options) =>
        new Promise<void>((resolve) => {
          resolveRef.current?.();
          resolveRef.current = resolve;
          setCurrent(options);
        }),
    }),
    [],
  );

  useEffect(() => {
    if (!current?.autoCloseMs) return;
    const timer = setTimeout(close, current.autoCloseMs);
    return () => clearTimeout(timer);
  }, [current, close]);

  const Icon = current ? ICONS[current.status] : null;
  return (
    <AlertContext.Provider value={api}>
      {children}
      <Dialog.Root role="alertdialog" open={current !== null} onOpenChange={(details) => !details.open && close()} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content textAlign="center" data-testid="alert-dialog" data-status={current?.status}>
              <Dialog.Header justifyContent="center" flexDirection="column" alignItems="center" gap="3" pt="8">
                {Icon && (
                  <Box color={COLOURS[current!.status]} fontSize="5xl" aria-hidden>
                    <Icon />
                  </Box>
                )}
                <Dialog.Title fontSize="2xl">{current?.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{current?.text && <Text color="fg.muted">{current.text}</Text>}</Dialog.Body>
              <Dialog.Footer justifyContent="center" pb="6">
                {!current?.autoCloseMs && (
                  <Button colorPalette="teal" onClick={close} autoFocus>
                    OK
                  </Button>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert must be used inside <AlertProvider>.');
  return api;
}
