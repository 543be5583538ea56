import { Alert, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { errorMessage } from '../app/errors';

interface QueryErrorProps {
  title: string;
  error: unknown;
  /** Shown with a Retry button; the button spins until the promise settles. */
  onRetry?: () => Promise<unknown> | void;
}

/** A failed load: what failed, the server's message when it sent one, and a retry. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      // The query's own error state shows the new failure.
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert.Root status="error" alignItems="center" flexWrap={{ base: 'wrap', sm: 'nowrap' }} data-testid="query-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error, 'Something went wrong. Please try again.')}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={retry} loading={retrying} loadingText="Retrying">
          <LuRefreshCw aria-hidden /> Retry
        </Button>
      )}
    </Alert.Root>
  );
}
