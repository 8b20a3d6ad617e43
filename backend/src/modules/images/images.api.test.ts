import { performance } from 'node:perf_hooks';
import { crc32, deflateSync } from 'node:zlib';
import request from 'supertest';
import sharp from 'sharp';
import { IMAGE_MAX_SIDE, imageMessages as m } from '@gym/contracts/images';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffAgent();
}, 180_000);
afterAll(() => t.close());

const orange = { r: 234, g: 88, b: 12 };
const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: orange } });
const picture = (type: 'image/jpeg' | 'image/png' | 'image/webp', width: number, height: number) =>
  canvas(width, height)
    .toFormat(type === 'image/jpeg' ? 'jpeg' : type === 'image/png' ? 'png' : 'webp')
    .toBuffer();
const read = (bytes: Buffer) => sharp(bytes).metadata();

/** A PNG of the given chunks, each with its length and CRC, as a decoder expects them. */
function png(chunks: [type: string, data: Buffer][]) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const framed = chunks.map(([type, data]) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  });
  return Buffer.concat([signature, ...framed]);
}

/** The attack's file: a valid black-and-white PNG, all zero, compressed 1000 to 1 (10000×10000 is 12 KB). */
function pngBomb(width: number, height = width) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // 1 bit per pixel, greyscale: 12.5 MB of rows that a decoder expands to 400 MB of RGBA
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return png([
    ['IHDR', header],
    ['IDAT', deflateSync(rows, { level: 9 })],
    ['IEND', Buffer.alloc(0)],
  ]);
}

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
    // Every uploaded file, product photos too: a download when opened alone, unsniffed, sandboxed.
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="foto-[0-9a-f]{8}\.jpeg"$/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    const image = await read(served.body as Buffer);
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 800, 600]);
  });

  test('a small PNG keeps its size; its type comes from its bytes, not from the header it was sent with', async () => {
    const res = await upload(await picture('image/png', 120, 80), 'image/jpeg').expect(201);
    const served = await request(t.app).get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    const image = await read(served.body as Buffer);
    expect([image.format, image.width, image.height]).toEqual(['png', 120, 80]);
  });

  test('a 3000×2000 photo (6 MP, inside the budget) uploads and is scaled to fit IMAGE_MAX_SIDE', async () => {
    const photo = await canvas(3000, 2000).jpeg().toBuffer();
    const res = await upload(photo, 'image/jpeg').expect(201);
    const image = await read((await request(t.app).get(res.body.url).buffer(true).expect(200)).body as Buffer);
    expect([image.width, image.height]).toEqual([IMAGE_MAX_SIDE, 533]);
  });

  test('a real WebP is decoded and re-encoded: served as image/webp, not the bytes that were sent', async () => {
    const webp = await picture('image/webp', 120, 80);
    const res = await upload(webp, 'image/webp').expect(201);
    const served = await request(t.app).get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((served.body as Buffer).equals(webp)).toBe(false);
    const image = await read(served.body as Buffer);
    expect([image.format, image.width, image.height]).toEqual(['webp', 120, 80]);
  });

  test("a phone photo's EXIF (GPS position) is not stored, and its orientation is applied to the pixels", async () => {
    const photo = await canvas(64, 48)
      .jpeg()
      .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '26/1 49/1 0/1' } })
      .withMetadata({ orientation: 6 }) // held sideways: the viewer must turn it 90°
      .toBuffer();
    expect(await read(photo)).toMatchObject({ exif: expect.any(Buffer), orientation: 6 }); // it does carry them
    expect(photo.includes('Exif')).toBe(true);
    const res = await upload(photo, 'image/jpeg').expect(201);
    const served = (await request(t.app).get(res.body.url).buffer(true).expect(200)).body as Buffer;
    expect(served.includes('Exif')).toBe(false);
    expect(served.includes('Telefono')).toBe(false);
    const image = await read(served);
    expect(image.exif).toBeUndefined();
    expect([image.width, image.height]).toEqual([48, 64]); // turned as the phone said, then the tag dropped
  });

  test('bytes appended after a real PNG are not stored: only the re-encoded picture is', async () => {
    const tail = Buffer.from('<script>alert(1)</script>');
    const res = await upload(Buffer.concat([await picture('image/png', 20, 20), tail]), 'image/png').expect(201);
    const served = (await request(t.app).get(res.body.url).buffer(true).expect(200)).body as Buffer;
    expect(served.includes(tail)).toBe(false);
    expect((await read(served)).format).toBe('png');
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
    [
      'a RIFF/WEBP header followed by HTML',
      Buffer.concat([Buffer.from('RIFF\x1a\0\0\0WEBPVP8L', 'latin1'), Buffer.from('<html><script>alert(1)</script>')]),
      'image/webp',
      400,
      m.unreadable,
    ],
    ['a PNG 4097 pixels wide', pngBomb(4097, 1), 'image/png', 400, m.tooManyPixels],
    ['a PNG of 4000×4001 pixels (over 16 MP)', pngBomb(4000, 4001), 'image/png', 400, m.tooManyPixels],
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

describe('a decompression bomb', () => {
  const MB = 1024 * 1024;

  test('a 12 KB PNG declaring 10000×10000 pixels is refused from its header while /healthz keeps answering (no decode on the event loop)', async () => {
    const bomb = pngBomb(10_000);
    expect(bomb.length).toBeLessThan(13_000);
    const before = await count();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const healthz: number[] = [];
    let attacking = true;
    const probe = async () => {
      // at least five probes each, and more for as long as the bomb is in flight
      while (attacking || healthz.length < 5) {
        const start = performance.now();
        await request(t.app).get('/healthz').expect(200);
        healthz.push(performance.now() - start);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }
    };
    const start = performance.now();
    let ms = Infinity;
    const [answer] = await Promise.all([
      Promise.resolve(upload(bomb, 'image/png')).finally(() => {
        ms = performance.now() - start;
        attacking = false;
      }),
      probe(),
      probe(),
    ]);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { message: m.tooManyPixels } });
    // Not a speed measurement: a guard against the defect, which decoded the bitmap on the event loop
    // and held every request 10-14 s. Here it is typically 5-20 ms, but a loaded CI machine with
    // other Jest workers on its 2 cores has shown a 313 ms /healthz, so the bounds sit far from both.
    expect(ms).toBeLessThan(3_000);
    expect(Math.max(...healthz)).toBeLessThan(3_000);
    // RSS of a Jest worker already holds PGlite's WASM heap (150+ MB), so the growth is what the bomb
    // costs: nothing was decoded, where one decode used to add 530 MB.
    expect((rssPeak - rssBefore) / MB).toBeLessThan(100);
    expect(await count()).toBe(before);
  }, 60_000);

  test('four 16 MP interlaced PNGs at once (each needs its whole bitmap) are decoded one at a time: RSS grows < 200 MB', async () => {
    // interlaced PNG rows cannot be streamed: 16 MP of RGBA is 64 MB per decode, 350 MB for four together
    const large = await sharp({
      create: { width: 4000, height: 4000, channels: 4, background: { ...orange, alpha: 0.5 } },
    })
      .png({ progressive: true })
      .toBuffer();
    expect(large.length).toBeLessThan(1 * MB);
    const before = await count();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
    const answers = await Promise.all([1, 2, 3, 4].map(() => upload(large, 'image/png'))).finally(() =>
      clearInterval(sampler),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect((rssPeak - rssBefore) / MB).toBeLessThan(200);
    expect(await count()).toBe(before + 4);
  }, 60_000);
});
