import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentImage, type ContentImage } from '~/shared/schemas/site-content';
import { phonePhoto } from '~tests/helpers/photos';
import {
  buildMediaTestApp,
  multipart,
  sample,
  setUpBucketApp,
  type MediaTestApp,
} from '~/server/services/media/media-test-kit';
import { listContentPhotos } from './list-content-photos';
import { photoMessages } from './process-photo';

const url = '/api/admin/site-content/photos';

/** A PNG whose right half is see-through. */
const transparentPng = () =>
  sharp({ create: { width: 800, height: 400, channels: 4, background: '#15803d' } })
    .composite([
      {
        input: {
          create: {
            width: 400,
            height: 400,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        },
        left: 400,
        top: 0,
        blend: 'source',
      },
    ])
    .png()
    .toBuffer();

/** A PNG whose header claims `width` × `height` pixels: a decompression bomb's first bytes. */
async function claimedSize(width: number, height: number) {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR's data starts at byte 16 (signature 8, length 4, type 4); its CRC follows 13 bytes on.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function upload(
  app: MediaTestApp,
  data: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
) {
  const form = multipart({}, [{ field: 'file', filename, contentType, data }]);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...app.admin.headers, ...form.headers },
  });
}

/** The stored names an answer refers to, each once. */
function namesOf(image: ContentImage) {
  const paths = [image.src, image.srcset!, ...image.sources!.map((s) => s.srcset)].flatMap((text) =>
    text.split(', ').map((entry) => entry.split(' ')[0]!),
  );
  return [...new Set(paths.map((path) => path.replace('/media/', '')))];
}

describe('POST /api/admin/site-content/photos (local media folder)', () => {
  let app: MediaTestApp;
  beforeAll(async () => {
    app = await buildMediaTestApp({ MEDIA_MAX_MB: '1' });
  });
  afterAll(() => app.close());

  const stored = async () =>
    existsSync(app.mediaDir)
      ? (await readdir(app.mediaDir)).filter((name) => !name.startsWith('.'))
      : [];
  const incoming = async () => {
    const dir = join(app.mediaDir, '.incoming');
    return existsSync(dir) ? readdir(dir) : [];
  };

  it('answers 401 to an anonymous upload', async () => {
    const form = multipart({}, [
      { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: await phonePhoto() },
    ]);
    const res = await app.inject({ method: 'POST', url, ...form });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to an upload without the CSRF token, storing nothing', async () => {
    const before = await stored();
    const form = multipart({}, [
      { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', data: await phonePhoto() },
    ]);
    const res = await app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, cookie: app.admin.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('makes a phone photo upright, in WebP and JPEG, with no EXIF or GPS position left', async () => {
    const input = await phonePhoto();
    const original = await sharp(input).metadata();
    expect(original.exif?.includes(Buffer.from('WGS-84'))).toBe(true);

    const res = await upload(app, input);
    expect(res.statusCode, res.body).toBe(201);
    const image = contentImage.parse(res.json());
    // Upright: 600 wide, 1000 high. 480 from the list, then the photo's own 600.
    expect(image).toMatchObject({ alt: '', width: 600, height: 1000 });
    expect(image.srcset).toMatch(
      /^\/media\/[0-9a-f-]{36}\.jpg 480w, \/media\/[0-9a-f-]{36}\.jpg 600w$/,
    );
    expect(image.sources).toEqual([
      {
        type: 'image/webp',
        srcset: expect.stringMatching(/^\/media\/\S+\.webp 480w, \/media\/\S+\.webp 600w$/),
      },
    ]);
    expect(image.src).toBe(image.srcset!.split(' ')[0]);

    const names = namesOf(image);
    expect(names).toHaveLength(4);
    expect((await stored()).sort()).toEqual(expect.arrayContaining(names));
    for (const name of names) {
      const file = await readFile(join(app.mediaDir, name));
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe(name.endsWith('.webp') ? 'webp' : 'jpeg');
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(metadata.iptc, name).toBeUndefined();
      expect(metadata.orientation, name).toBeUndefined();
      expect(file.includes(Buffer.from('WGS-84')), name).toBe(false);
      expect(file.includes(Buffer.from('PhoneCam')), name).toBe(false);
      expect(metadata.height).toBeGreaterThan(metadata.width);
      // Shown upright, the red half is on top.
      const { data } = await sharp(file)
        .extract({ left: Math.floor(metadata.width / 2), top: 5, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(180);
      expect(data[2]).toBeLessThan(90);
    }

    // Served by /media with the media's immutable caching.
    const served = await app.inject({ url: image.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('keeps a see-through PNG see-through: PNG fallback, WebP with alpha', async () => {
    const res = await upload(app, await transparentPng(), 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const image = contentImage.parse(res.json());
    expect(image).toMatchObject({ width: 800, height: 400 });
    expect(image.srcset).toMatch(/\.png 480w, \S+\.png 800w$/);
    for (const name of namesOf(image)) {
      const metadata = await sharp(join(app.mediaDir, name)).metadata();
      expect(metadata.hasAlpha, name).toBe(true);
    }
  });

  it('gives a WebP upload wider than every listed width each of them, and a JPEG fallback', async () => {
    const webp = await sharp({
      create: { width: 2500, height: 1000, channels: 3, background: '#999' },
    })
      .webp()
      .toBuffer();
    const res = await upload(app, webp, 'wide.webp', 'image/webp');
    expect(res.statusCode, res.body).toBe(201);
    const image = contentImage.parse(res.json());
    expect(image).toMatchObject({ width: 2400, height: 960 });
    expect(image.srcset!.match(/\d+w/g)).toEqual(['480w', '960w', '1600w', '2400w']);
    expect(image.srcset).toMatch(/\.jpg 480w/);
    // The middle of the fallback's widths, for a browser without srcset.
    expect(image.src).toBe(image.srcset!.split(', ')[1]!.split(' ')[0]);
  });

  it('gives a photo narrower than every listed width its own width only', async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#abc' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(app, small);
    expect(res.statusCode, res.body).toBe(201);
    const image = contentImage.parse(res.json());
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image.srcset).toMatch(/^\S+\.jpg 300w$/);
  });

  const refusals = [
    [
      'a text file named photo.jpg',
      () => Buffer.from('Just some notes about the dinner.\n'.repeat(20)),
    ],
    ['an HTML page named photo.jpg', () => sample.fake()],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
    ],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
    ],
    [
      'an AVIF',
      () =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
          .avif()
          .toBuffer(),
    ],
  ] as const;

  it.each(refusals)('refuses %s with 415 on the file field, storing nothing', async (_, make) => {
    const before = await stored();
    const res = await upload(app, await make());
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'unsupported_media_type',
      message: photoMessages.notAnImage,
      fields: { file: photoMessages.notAnImage },
    });
    expect(await stored()).toEqual(before);
    expect(await incoming()).toEqual([]);
  });

  it('refuses a truncated JPEG as damaged, storing nothing', async () => {
    const whole = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const before = await stored();
    const res = await upload(app, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fields).toEqual({ file: photoMessages.unreadable });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over the size limit with 413, saying the limit and what to do', async () => {
    const before = await stored();
    const res = await upload(app, sample.jpeg(1024 * 1024 + 10));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      fields: { file: photoMessages.tooLarge(1) },
    });
    expect(photoMessages.tooLarge(1)).toContain('1 MB limit');
    expect(await stored()).toEqual(before);
    expect(await incoming()).toEqual([]);
  });

  it('refuses a small file that unpacks to too many pixels, before decoding it', async () => {
    const res = await upload(app, await claimedSize(20_000, 20_000), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields).toEqual({
      file: photoMessages.tooManyPixels(20_000, 20_000),
    });
  });

  it('asks for a photo when the form has none', async () => {
    const form = multipart({ alt: 'nothing' });
    const res = await app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...app.admin.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toMatch(/Choose a photo/);
  });

  it('refuses a form with two photos, or a photo in another field, storing nothing', async () => {
    const before = await stored();
    const data = await phonePhoto();
    const file = (field: string) => ({ field, filename: 'p.jpg', contentType: 'image/jpeg', data });
    for (const files of [[file('file'), file('file')], [file('image')]]) {
      const form = multipart({}, files);
      const res = await app.inject({
        method: 'POST',
        url,
        payload: form.payload,
        headers: { ...app.admin.headers, ...form.headers },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.fields.file).toMatch(/one photo/);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers a form cut off before its end with a 400, not a failure of ours', async () => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload:
        '--x\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8',
      headers: { ...app.admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ file: photoMessages.cutOff });
  });

  it('answers a form without its boundary with a 4xx', async () => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: 'anything',
      headers: { ...app.admin.headers, 'content-type': 'multipart/form-data' },
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a JSON body on the file field', async () => {
    const res = await app.inject({ method: 'POST', url, headers: app.admin.headers, payload: {} });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fields.file).toMatch(/Choose a photo/);
  });
});

describe('POST /api/admin/site-content/photos (S3 bucket)', () => {
  const s3 = setUpBucketApp();

  it('stores every size in the bucket, served by /media, without the GPS position', async () => {
    const { app } = s3;
    const res = await upload(app, await phonePhoto());
    expect(res.statusCode, res.body).toBe(201);
    const image = contentImage.parse(res.json());
    for (const name of namesOf(image)) {
      const served = await app.inject({ url: `/media/${name}` });
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('WGS-84'))).toBe(false);
    }
  });

  it('refuses a text file named photo.jpg without writing to the bucket', async () => {
    const { app, bucket } = s3;
    const writes = () => bucket.requests.filter((r) => r.startsWith('PUT') || r.startsWith('POST'));
    const before = writes().length;
    // The photo above was written: the count below would see another.
    expect(before).toBeGreaterThan(0);
    const res = await upload(app, Buffer.from('not a photo at all, only words '.repeat(10)));
    expect(res.statusCode).toBe(415);
    expect(writes()).toHaveLength(before);
  });
});

describe('a photo from upload to the page', () => {
  let app: MediaTestApp;
  beforeAll(async () => {
    app = await buildMediaTestApp();
  });
  afterAll(() => app.close());

  it('is shown in its sizes and formats once published, and backed up with the content', async () => {
    const res = await upload(app, await phonePhoto());
    expect(res.statusCode).toBe(201);
    const photo: ContentImage = { ...res.json(), alt: 'Rabbi Weiss at the tziyun' };
    const editor = await app.inject({ url: '/api/admin/site-content', headers: app.admin.headers });
    const { content } = editor.json();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/site-content/draft/hero',
      headers: app.admin.headers,
      payload: {
        revision: 0,
        value: content.hero.map((slide: object, i: number) =>
          i === 0 ? { ...slide, backgroundImage: { ...photo, alt: '' } } : slide,
        ),
      },
    });
    expect(saved.statusCode).toBe(200);
    // A draft's photos are backed up too: restoring the draft must find them.
    expect((await listContentPhotos(app.database.db)).map((p) => p.name).sort()).toEqual(
      namesOf(photo).sort(),
    );
    const published = await app.inject({
      method: 'POST',
      url: '/api/admin/site-content/publish',
      headers: app.admin.headers,
      payload: { revision: 1 },
    });
    expect(published.statusCode).toBe(200);

    const html = (await app.inject('/')).body;
    const webp = photo.sources![0]!;
    expect(html).toContain(`<source type="image/webp" srcSet="${webp.srcset}" sizes="100vw"/>`);
    expect(html).toContain(`srcSet="${photo.srcset}"`);
    expect(html).toContain(`width="${photo.width}" height="${photo.height}"`);
    // The hero's first photo is asked for with the stylesheet, in the smaller format.
    expect(html).toContain(
      `<link rel="preload" as="image" imagesrcset="${webp.srcset}" imagesizes="100vw" type="image/webp" fetchpriority="high">`,
    );
    for (const name of namesOf(photo)) {
      expect((await app.inject(`/media/${name}`)).statusCode).toBe(200);
    }
    expect((await listContentPhotos(app.database.db)).every((p) => p.kind === 'photo')).toBe(true);
  });
});
