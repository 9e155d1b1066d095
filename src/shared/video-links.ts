/**
 * YouTube and Vimeo links: the only outside players the site embeds. The server accepts these
 * as a video's URL; the page turns them into a privacy-friendly embed (youtube-nocookie.com,
 * Vimeo with do-not-track) that loads nothing from the provider until the visitor presses play.
 */

export type VideoEmbed =
  { provider: 'youtube'; id: string } | { provider: 'vimeo'; id: string; hash?: string };

/** What the /videos page's Content-Security-Policy adds, and nothing else (security-headers.ts). */
export const videoEmbedHosts = {
  frames: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  /** The providers' thumbnail hosts: a thumbnail URL may point there. */
  images: ['https://i.ytimg.com', 'https://i.vimeocdn.com'],
} as const;

const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const vimeoHosts = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d{1,12}$/;
const vimeoHash = /^[0-9a-f]{6,20}$/;

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtubeEmbed(url: URL): VideoEmbed | null {
  const parts = url.pathname.split('/').filter(Boolean);
  const id =
    url.hostname === 'youtu.be'
      ? parts[0]
      : parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  return id && youtubeId.test(id) ? { provider: 'youtube', id } : null;
}

function vimeoEmbed(url: URL): VideoEmbed | null {
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/<id>?h=<hash>; vimeo.com/<id>[/<hash>]; vimeo.com/channels/<c>/<id>
  const index = parts.findIndex((part) => vimeoId.test(part));
  if (index < 0) return null;
  if (url.hostname === 'player.vimeo.com' && (index !== 1 || parts[0] !== 'video')) return null;
  const hash = url.searchParams.get('h') ?? parts[index + 1];
  return {
    provider: 'vimeo',
    id: parts[index]!,
    ...(hash && vimeoHash.test(hash) ? { hash } : {}),
  };
}

/** The embed a YouTube or Vimeo link stands for; null for anything else. */
export function parseVideoLink(value: string): VideoEmbed | null {
  const url = parseUrl(value.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (youtubeHosts.has(host)) return youtubeEmbed(url);
  if (vimeoHosts.has(host)) return vimeoEmbed(url);
  return null;
}

/** The player's address, asked to start at once: it is only loaded after a press on play. */
export function embedPlayerUrl(embed: VideoEmbed): string {
  if (embed.provider === 'youtube') {
    return `${videoEmbedHosts.frames[0]}/embed/${embed.id}?autoplay=1&rel=0`;
  }
  const hash = embed.hash ? `h=${embed.hash}&` : '';
  return `${videoEmbedHosts.frames[1]}/video/${embed.id}?${hash}autoplay=1&dnt=1`;
}

/** A thumbnail URL the page may show: https, on one of the providers' image hosts. */
export function isEmbedThumbnailUrl(value: string): boolean {
  const url = parseUrl(value.trim());
  return (
    url !== null &&
    url.protocol === 'https:' &&
    (videoEmbedHosts.images as readonly string[]).includes(url.origin)
  );
}
