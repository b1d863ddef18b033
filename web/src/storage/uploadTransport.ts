/** One upload request; XMLHttpRequest because fetch reports no upload progress. */
export interface UploadRequest {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

/** The answer's status (0 when none came) and text. Rejects with an AbortError when cancelled. */
export type UploadTransport = (request: UploadRequest) => Promise<{ status: number; body: string }>;

export const xhrUpload: UploadTransport = ({ url, headers, body, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
