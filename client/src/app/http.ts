// fetch() for the REST endpoints the client uses (uploads): bearer token and the
// spec's 401/403 handling, with the server's message on failure.
import { redirectToLogin } from './navigation';
import { currentIdToken, type AuthSource } from './session';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(auth: AuthSource, path: string, init: RequestInit = {}): Promise<T> {
  const token = await currentIdToken(auth);
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(path, { ...init, headers });
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) redirectToLogin();
    throw new HttpError(body?.message ?? `Request failed (${response.status}).`, response.status, body?.code);
  }
  return body as T;
}

export interface UploadedImage {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export function uploadImage(auth: AuthSource, file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedImage>(auth, '/api/uploads', { method: 'POST', body: form });
}

/**
 * The same upload through XMLHttpRequest, which reports how much of the file
 * has been sent (fetch cannot): `onProgress` gets 0..1.
 */
export async function uploadImageWithProgress(auth: AuthSource, file: File, onProgress: (sent: number) => void): Promise<UploadedImage> {
  const token = await currentIdToken(auth);
  const form = new FormData();
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new HttpError('The upload failed; check your connection.', 0));
    request.onload = () => {
      const body = parseJson(request.responseText) as { message?: string; code?: string } | null;
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as unknown as UploadedImage);
        return;
      }
      if (request.status === 401 || request.status === 403) redirectToLogin();
      reject(new HttpError(body?.message ?? `Upload failed (${request.status}).`, request.status, body?.code));
    };
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
