import { describe, expect, it } from 'vitest';
import sprite from '~/client/assets/icons.svg?raw';
import { iconNames } from './icon';

const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);

describe('the icons file', () => {
  it('draws every icon a page can name, once, and nothing else', () => {
    expect([...symbols].sort()).toEqual([...iconNames].sort());
  });

  it('draws each in the text colour around it, so an icon follows its link or button', () => {
    const paths = [...sprite.matchAll(/<path [^>]*\/>/g)].map((m) => m[0]);
    expect(paths).toHaveLength(iconNames.length);
    for (const path of paths) expect(path).toMatch(/(fill|stroke)="currentColor"/);
  });
});
