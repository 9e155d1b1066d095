// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentImage } from '~/shared/schemas/site-content';
import { imagePreload, ResponsivePicture } from './responsive-picture';

afterEach(cleanup);

const photo: ContentImage = {
  src: '/media/b.jpg',
  alt: 'The Rabbi teaching',
  width: 1600,
  height: 900,
  srcset: '/media/a.jpg 480w, /media/b.jpg 960w, /media/c.jpg 1600w',
  sources: [{ type: 'image/webp', srcset: '/media/a.webp 480w, /media/b.webp 960w' }],
};
const drawing: ContentImage = {
  src: '/images/rabbi.svg',
  alt: 'The Rabbi',
  width: 400,
  height: 500,
};
const sizes = '(min-width: 768px) 50vw, 100vw';

const attributes = (element: Element | null) =>
  Object.fromEntries([...(element?.attributes ?? [])].map((a) => [a.name, a.value]));

describe('ResponsivePicture', () => {
  it('offers the WebP sizes first, then the fallback with its widths, loaded lazily', () => {
    const { container } = render(
      <ResponsivePicture image={photo} sizes={sizes} className="rounded-lg" />,
    );
    const picture = container.firstElementChild!;
    expect(picture.tagName).toBe('PICTURE');
    expect([...picture.children].map((child) => child.tagName)).toEqual(['SOURCE', 'IMG']);
    expect(attributes(picture.querySelector('source'))).toEqual({
      type: 'image/webp',
      srcset: photo.sources![0]!.srcset,
      sizes,
    });
    expect(attributes(picture.querySelector('img'))).toEqual({
      src: '/media/b.jpg',
      srcset: photo.srcset,
      sizes,
      width: '1600',
      height: '900',
      alt: 'The Rabbi teaching',
      loading: 'lazy',
      decoding: 'async',
      class: 'rounded-lg',
    });
  });

  it('fetches a priority photo at once and first', () => {
    const { container } = render(<ResponsivePicture image={photo} sizes="100vw" priority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.hasAttribute('decoding')).toBe(false);
  });

  it('shows a configured drawing as a plain image', () => {
    const { container } = render(<ResponsivePicture image={drawing} sizes="100vw" />);
    expect(container.innerHTML).not.toContain('<picture');
    expect(attributes(container.firstElementChild)).toEqual({
      src: '/images/rabbi.svg',
      width: '400',
      height: '500',
      alt: 'The Rabbi',
      loading: 'lazy',
      decoding: 'async',
    });
  });

  it('keeps an empty alt for a photo behind text (the hero), so it is skipped when read aloud', () => {
    const { container } = render(
      <ResponsivePicture image={{ ...photo, alt: '' }} sizes="100vw" priority />,
    );
    expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  });
});

describe('imagePreload', () => {
  it('preloads the first format with its widths, or the plain image', () => {
    expect(imagePreload(photo, '100vw')).toEqual({
      imageSrcSet: photo.sources![0]!.srcset,
      imageSizes: '100vw',
      type: 'image/webp',
    });
    expect(imagePreload(drawing, '100vw')).toEqual({ href: '/images/rabbi.svg' });
  });
});
