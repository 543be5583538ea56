import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { RuntimeConfig } from '@opennest/common/runtime-config';

/** Firebase Auth for this origin: the emulator when the server says so, else the real project. */
export function initFirebaseAuth(config: RuntimeConfig): Auth {
  const app = initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
