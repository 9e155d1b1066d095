import { describe, expect, it, vi } from 'vitest';
import { createBuildCache } from './build-cache';

describe('the builds kept in memory', () => {
  it('builds a key once, shared by the requests that ask while it builds', async () => {
    const cache = createBuildCache(4);
    const draw = vi.fn(async () => Buffer.from('png'));
    const [a, b] = await Promise.all([cache.get('day\n1', draw), cache.get('day\n1', draw)]);
    expect(await cache.get('day\n1', draw)).toBe(a);
    expect(b).toBe(a);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its bound, letting the build used least lately go', async () => {
    const cache = createBuildCache(2);
    const draw = vi.fn(async () => Buffer.from('png'));
    await cache.get('a', draw);
    await cache.get('b', draw);
    await cache.get('a', draw);
    await cache.get('c', draw);
    expect(cache.size).toBe(2);
    expect(draw).toHaveBeenCalledTimes(3);
    await cache.get('a', draw);
    expect(draw).toHaveBeenCalledTimes(3);
    await cache.get('b', draw);
    expect(draw).toHaveBeenCalledTimes(4);
  });

  it('keeps no failed build: the next request builds again', async () => {
    const cache = createBuildCache(2);
    await expect(cache.get('a', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await Promise.resolve();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => Buffer.from('png'))).toEqual(Buffer.from('png'));
  });
});
