import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, createAnswerCache, type ProducedAnswer } from './answer-cache';
import { chooseEncoding, matchesETag } from './send-answer';

const page = (text: string, cacheable = true): ProducedAnswer => ({
  body: `<p>${text}</p>`.padEnd(COMPRESS_THRESHOLD * 2, ' '),
  contentType: 'text/html; charset=utf-8',
  cacheable,
});

/** A producer that counts its calls and answers when told to. */
function producer(text: string, cacheable = true) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    produce: async () => {
      calls += 1;
      return page(`${text} ${calls}`, cacheable);
    },
  };
}

describe('the answer cache', () => {
  it('produces an answer once per version, compressed once in brotli and gzip', async () => {
    const cache = createAnswerCache();
    const home = producer('home');
    const first = await cache.answer('/', 1, home.produce);
    expect(await cache.answer('/', 1, home.produce)).toBe(first);
    expect(home.calls).toBe(1);
    expect(brotliDecompressSync(first.br!).equals(first.identity)).toBe(true);
    expect(gunzipSync(first.gzip!).equals(first.identity)).toBe(true);
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/);

    const next = await cache.answer('/', 2, home.produce);
    expect(home.calls).toBe(2);
    expect(next.etag).not.toBe(first.etag);
  });

  it('produces once for requests that ask together', async () => {
    const cache = createAnswerCache();
    const videos = producer('videos');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.answer('/videos', 7, videos.produce)),
    );
    expect(videos.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps nothing a producer says may not be kept, nor a failure', async () => {
    const cache = createAnswerCache();
    const partial = producer('without its data', false);
    await cache.answer('/videos', 1, partial.produce);
    await cache.answer('/videos', 1, partial.produce);
    expect(partial.calls).toBe(2);
    // Sent once: left to the site's own compression instead of the best (slowest) levels here.
    const unkept = await cache.answer('/videos', 1, partial.produce);
    expect(unkept.identity.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(unkept.br).toBeUndefined();
    expect(unkept.gzip).toBeUndefined();
    await expect(
      cache.answer('/gone', 1, () => Promise.reject(new Error('not found'))),
    ).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = createAnswerCache(2);
    const pages = ['/a', '/b', '/c'].map((key) => ({ key, made: producer(key) }));
    for (const p of pages) await cache.answer(p.key, 1, p.made.produce);
    expect(cache.size).toBe(2);
    // /a went first; asking for it again pushes out /b, and so on.
    for (const p of pages) await cache.answer(p.key, 1, p.made.produce);
    expect(pages.map((p) => p.made.calls)).toEqual([2, 2, 2]);
  });

  it('leaves small answers uncompressed', async () => {
    const cache = createAnswerCache();
    const small = await cache.answer('/api', 1, async () => ({
      body: '{"videos":[]}',
      contentType: 'application/json; charset=utf-8',
      cacheable: true,
    }));
    expect(small.br).toBeUndefined();
    expect(small.identity.toString()).toBe('{"videos":[]}');
  });
});

describe('sending a kept answer', () => {
  const answer = { br: Buffer.from('b'), gzip: Buffer.from('g') } as never;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['*', 'br'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding %s gets %s', (header, expected) => {
    expect(chooseEncoding(header, answer)).toBe(expected);
  });

  it('answers each header by its own q-values when it has seen others before (remembered)', () => {
    const headers = ['gzip;q=1, br;q=0', 'br, gzip', 'identity', 'gzip;q=1, br;q=0'];
    const chosen = headers.map((header) => chooseEncoding(header, answer));
    expect(chosen).toEqual(['gzip', 'br', 'identity', 'gzip']);
    // An answer kept uncompressed is sent as it is, whatever was remembered for the header.
    expect(chooseEncoding('br, gzip', { identity: Buffer.from('i') } as never)).toBe('identity');
  });

  it('answers each of 600 distinct headers by its own q-values (the remembered ones are bounded)', () => {
    for (let n = 0; n < 600; n += 1) {
      const header = `gzip;q=0.${(n % 9) + 1}, br;q=${n % 2}, x-${n}`;
      expect(chooseEncoding(header, answer)).toBe(n % 2 ? 'br' : 'gzip');
    }
  });

  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"x", W/"abc"', true],
    ['*', true],
    ['W/"abd"', false],
    [undefined, false],
  ])('If-None-Match %s matches W/"abc": %s', (header, expected) => {
    expect(matchesETag(header, 'W/"abc"')).toBe(expected);
  });
});
