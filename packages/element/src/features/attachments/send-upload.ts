import type { ErrorResponse, UploadResponse } from '@agent-chat/protocol';
import type { ElementHost } from '../../context/element-host.js';

/**
 * POST /uploads with one file, by XMLHttpRequest: fetch reports no upload progress (a streamed request body would,
 * but Chromium sends one only over HTTP/2). With the adapter's headers and credentials, as every request of the
 * element. Rejects with the server's own message (413, 415…) or a network error's.
 */
export async function sendUpload(host: ElementHost, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadResponse> {
  const headers = new Headers(await host.adapter.headers?.());
  // Removed while the headers were coming: the abort listener below would never hear it.
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${host.endpoint.replace(/\/+$/, '')}/uploads`);
    headers.forEach((value, key) => request.setRequestHeader(key, value));
    // fetch's `include` as XHR says it; `same-origin` (the default) sends the page's own cookies either way.
    request.withCredentials = host.adapter.credentials === 'include';
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201 || request.status === 200) resolve(body as UploadResponse);
      else reject(new Error((body as Partial<ErrorResponse> | undefined)?.error?.message ?? `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new Error('network error'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
