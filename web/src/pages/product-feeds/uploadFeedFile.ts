/**
 * Sends a feed's file to its upload route (POST /feeds/{id}/upload, proxied by the edge worker to
 * the API) as the raw request body, with the signed-in user's ID token. XMLHttpRequest because
 * fetch reports no upload progress. The API answers when the import is done.
 */
import type { ApiErrorLike } from '../../components/errors/apiErrorText.ts';
import type { FeedRun } from './queries.ts';

export interface FeedUpload {
  path: string;
  file: Blob & { name: string };
  token: string | null;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export type FeedUploadResult = { run: FeedRun } | { error: ApiErrorLike & { status: number } };

interface UploadAnswer {
  run?: FeedRun;
  errors?: { message?: string; extensions?: { code?: string } & Record<string, unknown> }[];
}

/** The upload's URL: the feed's upload path with the file's name. */
export function uploadUrl(path: string, fileName: string): string {
  return `${path}?fileName=${encodeURIComponent(fileName)}`;
}

/** The route's answer: the finished run, or its error (the GraphQL error shape) with the status. */
export function readUploadAnswer(status: number, text: string): FeedUploadResult {
  let body: UploadAnswer | null;
  try {
    body = JSON.parse(text) as UploadAnswer | null;
  } catch {
    body = null;
  }
  if (status === 200 && body?.run) return { run: body.run };
  const first = body?.errors?.[0];
  if (first?.message)
    return {
      error: {
        status,
        message: first.message,
        code: first.extensions?.code,
        ...(first.extensions?.reason ? { extensions: first.extensions } : {}),
      },
    };
  return { error: { status, message: '', code: status === 0 ? 'NETWORK' : undefined } };
}

export function uploadFeedFile({ path, file, token, onProgress, signal }: FeedUpload): Promise<FeedUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl(path, file.name));
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(readUploadAnswer(0, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
