// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_AGAIN_AFTER_MS, reloadFromServer } from './reload-from-server';

function stubLocation(href: string) {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, href, reload });
  return reload;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a page loaded again from the server', () => {
  it('is asked for once per address in a while: no reload after reload', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const reload = stubLocation('https://tziyun.test/contact');
    void reloadFromServer(new Error('offline'));
    expect(reload).toHaveBeenCalledTimes(1);
    // The page the server sent fails the same way: it stays as it is.
    void reloadFromServer(new Error('offline'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + RELOAD_AGAIN_AFTER_MS + 1);
    void reloadFromServer(new Error('offline'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('is asked for at another address at once', () => {
    const first = stubLocation('https://tziyun.test/contact');
    void reloadFromServer(new Error('offline'));
    expect(first).toHaveBeenCalledTimes(1);
    const second = stubLocation('https://tziyun.test/');
    void reloadFromServer(new Error('offline'));
    expect(second).toHaveBeenCalledTimes(1);
  });
});
