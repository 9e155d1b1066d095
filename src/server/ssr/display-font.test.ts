import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The site's stylesheet, which the server's pages link and whose font every page preloads.
const css = readFileSync(new URL('../../client/styles/app.css', import.meta.url), 'utf8');

describe('the site’s display face', () => {
  it('is swapped in when it arrives late, never given up for the visit', () => {
    const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      expect(face).toMatch(/font-display:\s*swap;/);
    }
  });
});
