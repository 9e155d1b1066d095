import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentImage } from '~/shared/schemas/site-content';
import { AppError } from '~/server/errors';
import { createMediaStore, type MediaStore } from '~/server/services/media';
import { processPhoto, widthsFor } from './process-photo';
import { storePhoto } from './store-photo';

const MB = 1024 * 1024;
const process = (data: Buffer) => processPhoto(Readable.from([data]), 15 * MB);

describe('widthsFor', () => {
  it('takes the listed widths the photo covers, and its own when well past the last', () => {
    expect(widthsFor(300)).toEqual([300]);
    expect(widthsFor(480)).toEqual([480]);
    expect(widthsFor(500)).toEqual([480]);
    expect(widthsFor(1000)).toEqual([480, 960]);
    expect(widthsFor(2000)).toEqual([480, 960, 1600, 2000]);
    expect(widthsFor(2400)).toEqual([480, 960, 1600, 2400]);
    expect(widthsFor(6000)).toEqual([480, 960, 1600, 2400]);
  });
});

describe('processPhoto', () => {
  it('turns a photo tagged with a wide-gamut profile into untagged sRGB', async () => {
    const p3 = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0f0' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const photo = await process(p3);
    for (const size of photo.sizes) {
      const metadata = await sharp(size.data).metadata();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.space).toBe('srgb');
    }
  });

  it('gives a PNG whose alpha channel hides nothing a JPEG fallback', async () => {
    const opaque = await sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const photo = await process(opaque);
    expect(photo.fallback).toBe('jpg');
    expect(new Set(photo.sizes.map((size) => size.format))).toEqual(new Set(['webp', 'jpg']));
  });

  it.each([
    ['a 16-bit PNG', 'rgb16', 'png'],
    ['a CMYK JPEG', 'cmyk', 'jpeg'],
  ] as const)('keeps the colours of %s', async (_, space, format) => {
    const input = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#c83214' },
    })
      .toColourspace(space)
      .toFormat(format)
      .toBuffer();
    const photo = await process(input);
    const { data } = await sharp(photo.sizes.at(-1)!.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // #c83214 is 200, 50, 20; JPEG and CMYK conversion move it a little.
    expect(Math.abs(data[0]! - 200)).toBeLessThan(25);
    expect(Math.abs(data[1]! - 50)).toBeLessThan(25);
    expect(Math.abs(data[2]! - 20)).toBeLessThan(25);
  });

  it('makes a grey photo an sRGB one', async () => {
    const grey = await sharp({
      create: { width: 500, height: 500, channels: 3, background: '#888' },
    })
      .greyscale()
      .png()
      .toBuffer();
    const photo = await process(grey);
    expect(photo.sizes).toHaveLength(2);
    expect((await sharp(photo.sizes[1]!.data).metadata()).channels).toBe(3);
  });
});

describe('processPhoto, animated', () => {
  it('keeps the first frame of an animated WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 600, height: 400, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#00f')], {
      join: { animated: true },
    })
      .webp()
      .toBuffer();
    const photo = await process(animated);
    const largest = photo.sizes.at(-1)!;
    expect([largest.width, largest.height]).toEqual([600, 400]);
    const { data } = await sharp(largest.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });
});

describe('storePhoto', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tziyun-photos-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const wide = () =>
    sharp({ create: { width: 1700, height: 850, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
  const filesIn = async () => (await readdir(dir).catch(() => [])).filter((n) => n !== '.incoming');

  it('describes the stored sizes as a ContentImage', async () => {
    const image = contentImage.parse(
      await storePhoto(createMediaStore(dir), await process(await wide()), () => undefined),
    );
    expect(image).toMatchObject({ alt: '', width: 1600, height: 800 });
    expect(image.srcset!.match(/\d+w/g)).toEqual(['480w', '960w', '1600w']);
    expect(image.src).toBe(image.srcset!.split(', ')[1]!.split(' ')[0]);
    expect(await filesIn()).toHaveLength(6);
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['receive', 'keep'] as const)(
    'leaves no file behind when the store fails to %s a size halfway',
    async (step) => {
      const store = createMediaStore(dir);
      let calls = 0;
      // The fourth call fails: three sizes are stored (or received) by then.
      const failOnFourth = () => {
        calls += 1;
        if (calls === 4) throw new AppError('unavailable', 'The media storage did not answer.');
      };
      const failing: MediaStore = {
        ...store,
        receive: async (...args) => {
          if (step === 'receive') failOnFourth();
          return store.receive(...args);
        },
        keep: async (file) => {
          if (step === 'keep') failOnFourth();
          return store.keep(file);
        },
      };
      await expect(
        storePhoto(failing, await process(await wide()), () => undefined),
      ).rejects.toThrow();
      expect(await filesIn()).toEqual([]);
      expect(await readdir(join(dir, '.incoming'))).toEqual([]);
    },
  );
});
