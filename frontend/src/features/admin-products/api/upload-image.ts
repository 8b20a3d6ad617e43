import { api } from '@/api/client';

/** POST /v1/images: the file itself as the body; the answer is the picture's address for `imagen`. */
export const uploadImage = (file: Blob) =>
  api
    .post('images', {
      body: file,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      timeout: 60_000,
    })
    .json<{ url: string }>();
