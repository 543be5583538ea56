/**
 * What the server tells the browser at start-up (GET /api/config), so that one
 * client build works against the embedded emulators and against real services.
 */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** Set when the Firebase Auth emulator is in use: the URL for connectAuthEmulator(). */
  authEmulatorUrl: string | null;
  /** Largest accepted upload, for a friendly check before sending. */
  maxUploadBytes: number;
}
