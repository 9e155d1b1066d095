import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  isRightToLeft,
  renderShareImage,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  shareImageSvg,
  type ShareImageFigures,
} from './share-image';

/**
 * The share image drawn from plain figures: a PNG of the size link previews want, the total and
 * the bar drawn where they belong, the same bytes for the same figures, Hebrew from the right.
 */
const known: ShareImageFigures = {
  title: 'Chai Day for the Tziyun',
  raisedCents: 12_345_00,
  goalCents: 50_000_00,
  donors: 123,
  subtitle: 'The new roof',
  footer: 'tziyun.example',
};

async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, channels: info.channels, width: info.width, height: info.height };
}

type Pixels = Awaited<ReturnType<typeof pixelsOf>>;
type Box = { left: number; top: number; right: number; bottom: number };

/** How many pixels differ between two images inside a box. */
function differing(a: Pixels, b: Pixels, box: Box) {
  let count = 0;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      const at = (y * a.width + x) * a.channels;
      if ([0, 1, 2].some((c) => Math.abs(a.data[at + c]! - b.data[at + c]!) > 8)) count++;
    }
  }
  return count;
}

/** The leftmost and rightmost columns in a band of rows with light (text) pixels. */
function inkColumns(image: Pixels, top: number, bottom: number) {
  let left = image.width;
  let right = -1;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * image.channels;
      if (image.data[at]! > 200 && image.data[at + 1]! > 200 && image.data[at + 2]! > 200) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

const bar: Box = { left: 64, top: 436, right: 1136, bottom: 476 };
const figures: Box = { left: 64, top: 490, right: 700, bottom: 560 };
const titleBand: Box = { left: 0, top: 140, right: SHARE_IMAGE_WIDTH, bottom: 330 };

describe('the share image', () => {
  it('is a 1200×630 PNG', async () => {
    const png = await renderShareImage(known);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(SHARE_IMAGE_WIDTH);
    expect(png.readUInt32BE(20)).toBe(SHARE_IMAGE_HEIGHT);
  });

  it('draws the same bytes for the same figures, and another total in the bar and the figures only', async () => {
    const first = await renderShareImage(known);
    expect((await renderShareImage(known)).equals(first)).toBe(true);
    const more = await pixelsOf(await renderShareImage({ ...known, raisedCents: 37_890_00 }));
    const base = await pixelsOf(first);
    // Half the bar's width more is filled: thousands of its pixels change colour.
    expect(differing(base, more, bar)).toBeGreaterThan(10_000);
    expect(differing(base, more, figures)).toBeGreaterThan(500);
    expect(differing(base, more, titleBand)).toBe(0);
  });

  it('says the total, the goal, the donors and the title in its text, escaped', () => {
    const svg = shareImageSvg({ ...known, title: 'Roof & <walls>' });
    expect(svg).toContain('>$12,345<');
    expect(svg).toContain('> raised of $50,000<');
    expect(svg).toContain('>24%<');
    expect(svg).toContain('123 donors');
    expect(svg).toContain('Roof &amp; &lt;walls&gt;');
  });

  it('sets a Hebrew title from the right margin, an English one from the left', async () => {
    const hebrew = inkColumns(
      await pixelsOf(await renderShareImage({ ...known, title: 'מגבית הציון' })),
      titleBand.top,
      titleBand.bottom,
    );
    const english = inkColumns(
      await pixelsOf(await renderShareImage({ ...known, title: 'Tziyun Day' })),
      titleBand.top,
      titleBand.bottom,
    );
    expect(hebrew.right).toBeGreaterThan(1100);
    expect(hebrew.left).toBeGreaterThan(600);
    expect(english.left).toBeLessThan(100);
    expect(english.right).toBeLessThan(600);
    expect(isRightToLeft('מגבית Chai')).toBe(true);
    expect(isRightToLeft('2026 Chai מגבית')).toBe(false);
  });

  it('reads a Hebrew title right to left: its first letter stands at the right margin', async () => {
    const band = {
      left: 0,
      top: titleBand.top,
      right: SHARE_IMAGE_WIDTH,
      bottom: titleBand.bottom,
    };
    const title = async (text: string) =>
      pixelsOf(await renderShareImage({ ...known, title: text }));
    const aleph = await title('א');
    const bet = await title('ב');
    const word = await title('אבבב');
    // The rightmost letter's place, as wide as one letter drawn alone there.
    const alone = inkColumns(aleph, band.top, band.bottom);
    const lastLetter = { ...band, left: alone.left - 2 };
    expect(differing(word, aleph, lastLetter)).toBe(0);
    expect(differing(word, bet, lastLetter)).toBeGreaterThan(0);
  });

  it('fits a long title on its lines, cut with an ellipsis when even the smallest size cannot', () => {
    const long = Array.from({ length: 40 }, (_, n) => `word${n}`).join(' ');
    const svg = shareImageSvg({ ...known, title: long });
    const lines = [...svg.matchAll(/font-weight="700" fill="#ffffff">([^<]*)</g)].map((m) => m[1]);
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/…$/);
  });
});
