import type { TestApp } from './test-app';

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Start and end markers of a JPEG around a little body: what the server's sniffing looks at. */
export const TINY_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);

export interface FilePart {
  name?: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart form body of files, as a browser's file input sends it. */
export function multipartBody(files: FilePart[]): { contentType: string; payload: Buffer } {
  const boundary = '----tessera-test-boundary';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** Posts a multipart form, as a browser's file input does; `headers` adds e.g. a Cookie. */
export async function postFiles(app: TestApp, url: string, token: string | undefined, files: FilePart[], headers: Record<string, string> = {}) {
  const { contentType, payload } = multipartBody(files);
  const reply = await app.http.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    payload,
  });
  return { status: reply.statusCode, body: reply.json<{ type: string; message: string }>() };
}
