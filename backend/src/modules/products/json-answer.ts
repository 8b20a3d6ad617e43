import { createHash } from 'node:crypto';

/** A JSON answer ready to send: its bytes and their weak ETag (the shape Express makes). */
export interface JsonAnswer {
  body: Buffer;
  etag: string;
}

/** An answer from pieces of JSON already written (the product texts catalogue-reads.ts keeps). */
export function bytesAnswer(pieces: Buffer[]): JsonAnswer {
  const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  return { body, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url')}"` };
}

export const jsonAnswer = (value: unknown): JsonAnswer => bytesAnswer([Buffer.from(JSON.stringify(value))]);
