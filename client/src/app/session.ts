// The browser's session: an HttpOnly cookie the server sets in exchange for a
// fresh Firebase ID token (POST /api/session) and clears and revokes at sign-out
// (DELETE /api/session). Every request of this origin carries it (GraphQL, REST,
// the live-updates socket, the pages, whose first HTML then has the signed-in
// first screen), so no page waits for Firebase Auth. Other tabs of the same
// browser hear of a sign-in or sign-out through a BroadcastChannel.
import { HttpError } from './http';

/** Trades a freshly signed-in ID token for the session cookie. */
export async function startSession(idToken: string): Promise<void> {
  const response = await fetch('/api/session', { method: 'POST', headers: { authorization: `Bearer ${idToken}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new HttpError(body?.message ?? `Could not start your session (${response.status}).`, response.status, body?.code);
  }
}

/** Clears the cookie and revokes the session (a failure leaves the cookie to expire; the tab signs out anyway). */
export async function endSession(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE' }).catch(() => undefined);
}

export type SessionEvent = 'signed-in' | 'signed-out';

const CHANNEL = 'opennest-session';

/** Tells this browser's other tabs that the session changed. */
export function announceSession(event: SessionEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` when another tab of this browser signs in or out; returns the unsubscribe. */
export function onSessionChanged(listener: (event: SessionEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (message.data === 'signed-in' || message.data === 'signed-out') listener(message.data);
  };
  return () => channel.close();
}
