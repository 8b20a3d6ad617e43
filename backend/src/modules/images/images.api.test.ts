import request from 'supertest';
import { Jimp } from 'jimp';
import { imageMessages as m } from '@gym/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
}, 180_000);
afterAll(() => t.close());

const picture = async (type: 'image/jpeg' | 'image/png', width: number, height: number) =>
  new Jimp({ width, height, color: 0xea580cff }).getBuffer(type);

const count = async () => Number((await t.db('product_images').count<{ count: string }[]>('* as count'))[0]!.count);

const upload = (body: Buffer | string, type = 'application/octet-stream') =>
  staff.post('/v1/images').set('Content-Type', type).send(body);

describe('product pictures staff upload', () => {
  test('a large JPEG is checked by content, scaled to fit 800 px, stored in the database and served to anyone', async () => {
    const res = await upload(await picture('image/jpeg', 1000, 750)).expect(201);
    expect(res.body.url).toMatch(/^\/v1\/images\/[0-9a-f-]{36}$/);
    const served = await request(t.app).get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await Jimp.read(served.body as Buffer);
    expect([image.width, image.height]).toEqual([800, 600]);
  });

  test('a small PNG keeps its size; its type comes from its bytes, not from the header it was sent with', async () => {
    const res = await upload(await picture('image/png', 120, 80), 'image/jpeg').expect(201);
    const served = await request(t.app).get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    const image = await Jimp.read(served.body as Buffer);
    expect([image.width, image.height]).toEqual([120, 80]);
  });

  test('a WebP is accepted by its RIFF/WEBP signature and kept as sent', async () => {
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x1a, 0, 0, 0]),
      Buffer.from('WEBPVP8L'),
      Buffer.alloc(14),
    ]);
    const res = await upload(webp, 'image/webp').expect(201);
    const served = await request(t.app).get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(served.body as Buffer, webp)).toBe(0);
  });

  test.each([
    ['a text file named like a picture', Buffer.from('<svg onload=alert(1)>'), 'image/png', 400, m.wrongType],
    [
      'a PNG signature with garbage after it',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
      'image/png',
      400,
      m.unreadable,
    ],
    ['an empty body', Buffer.alloc(0), 'image/png', 400, m.missing],
    [
      'a file over 2 MB',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]),
      'image/jpeg',
      413,
      m.tooLarge,
    ],
  ])('%s is refused with a Spanish message and nothing is stored', async (_what, body, type, status, message) => {
    const before = await count();
    const res = await upload(body, type).expect(status);
    expect(res.body).toEqual({ error: { message } });
    expect(await count()).toBe(before);
  });

  test('a visitor cannot upload (401), and an unknown picture is 404', async () => {
    await request(t.app)
      .post('/v1/images')
      .set('Content-Type', 'image/png')
      .send(await picture('image/png', 10, 10))
      .expect(401);
    const res = await request(t.app).get('/v1/images/00000000-0000-0000-0000-000000000000').expect(404);
    expect(res.body).toEqual({ error: { message: m.notFound } });
    await request(t.app).get('/v1/images/no-es-un-id').expect(404);
  });
});
