import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { FcGoogle } from 'react-icons/fc';
import { useAlert } from '../ui/alerts';
import { useAuth } from './AuthProvider';
import { isUserCancelledPopup } from './auth-errors';

/** Starts loading Google sign-in's code (and Firebase's popup support) before the click, so the popup opens at once. */
const preload = () => void import('./google-sign-in');

/** Google sign-in with the account chooser forced. Failures are not shown (spec), only logged. */
export function GoogleButton({ onSignedIn }: { onSignedIn: (name: string) => void }) {
  const { signInWithGoogle } = useAuth();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      width="full"
      loading={busy}
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={async () => {
        setBusy(true);
        try {
          const viewer = await signInWithGoogle();
          await alert.show({ status: 'success', title: 'Login successful', text: `Welcome, ${viewer.name}!`, autoCloseMs: 2000 });
          onSignedIn(viewer.name);
        } catch (error) {
          if (!isUserCancelledPopup(error)) console.warn('Google sign-in failed', error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <FcGoogle /> Continue with Google
    </Button>
  );
}
