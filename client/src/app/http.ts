// fetch() for the REST endpoints the client uses (uploads): the session cookie
// goes with every same-origin request; the spec's 401/403 handling, with the
// server's message on failure.
import { redirectToLogin } from './navigation';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, init);
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

export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedImage>('/api/uploads', { method: 'POST', body: form });
}
