// Parses multipart/form-data bodies: text fields (sendBeacon with FormData) and file parts (import uploads).
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors/nezha-error.js';

/** A file part: its bytes and the name the browser sent. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return value !== null && typeof value === 'object' && Buffer.isBuffer((value as { data?: unknown }).data);
}

const CRLF2 = Buffer.from('\r\n\r\n');

function parseMultipartFields(body: Buffer, contentType: string): Record<string, string | UploadedFile> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new HttpError(400, 'Malformed multipart body: no boundary');
  const delimiter = Buffer.from(`--${marker}`);
  const fields: Record<string, string | UploadedFile> = {};
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = body.subarray(partStart, next);
    start = next;
    if (part.subarray(0, 2).toString('latin1') === '--') break;
    const split = part.indexOf(CRLF2);
    if (split < 0) continue;
    const headers = part.subarray(0, split).toString('utf8');
    let content = part.subarray(split + 4);
    // The part ends with the CRLF before the next delimiter.
    if (content.subarray(-2).toString('latin1') === '\r\n') content = content.subarray(0, -2);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    fields[name] = filename === undefined ? content.toString('utf8') : { filename, data: Buffer.from(content) };
  }
  return fields;
}

export function registerFormDataParser(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseMultipartFields(body as Buffer, request.headers['content-type'] ?? ''));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
