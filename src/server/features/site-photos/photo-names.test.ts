import { describe, expect, it } from 'vitest';
import { photoNamesIn } from './photo-names';

const a = '0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a';
const b = '1c8b7d7f-68b6-4b66-8e8f-4f2f2e4d3c2b';
const c = '2d7c8e80-79c7-4c77-9f90-50303f5e4d3c';

describe('photoNamesIn', () => {
  it('finds every stored name in src, srcset and sources, anywhere in the document, once', () => {
    const content = {
      hero: [
        {
          title: ['Shalom', 'Bayis'],
          backgroundImage: {
            src: `/media/${a}.jpg`,
            alt: '',
            width: 960,
            height: 640,
            srcset: `/media/${b}.jpg 480w, /media/${a}.jpg 960w`,
            sources: [{ type: 'image/webp', srcset: `/media/${c}.webp 480w` }],
          },
        },
      ],
      rabbi: { image: { src: `/media/${a}.jpg`, alt: 'The Rabbi', width: 1, height: 1 } },
    };
    expect(photoNamesIn(content)).toEqual([`${a}.jpg`, `${b}.jpg`, `${c}.webp`]);
  });

  it('ignores configured drawings, other paths, hosts and text that only mentions /media', () => {
    const content = {
      rabbi: { image: { src: '/images/rabbi.svg' } },
      links: [
        `https://example.org/media/${a}.jpg`,
        `/media/${a}.jpg.html`,
        `/media/../${b}.jpg`,
        `/media/${c}.exe`,
        'See /media/ for more',
      ],
      count: 3,
      nothing: null,
    };
    expect(photoNamesIn(content)).toEqual([]);
  });

  it('takes any JSON: a bare string, an array, nothing', () => {
    expect(photoNamesIn(`/media/${a}.png`)).toEqual([`${a}.png`]);
    expect(photoNamesIn([[{ x: `/media/${b}.webp 2400w` }]])).toEqual([`${b}.webp`]);
    expect(photoNamesIn(undefined)).toEqual([]);
  });
});
