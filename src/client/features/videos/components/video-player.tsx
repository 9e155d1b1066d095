import { useEffect, useRef, useState } from 'react';
import { embedPlayerUrl, parseVideoLink, type VideoEmbed } from '~/shared/video-links';
import type { PublicVideo } from '~/shared/schemas/videos';

export const PLACEHOLDER_IMAGE = '/images/video-placeholder.svg';

const providerNames = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/** The provider's own page for the video: where the play link goes without JavaScript. */
function watchUrl(embed: VideoEmbed) {
  return embed.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${embed.id}`
    : `https://vimeo.com/${embed.id}${embed.hash ? `/${embed.hash}` : ''}`;
}

/**
 * A stored file plays in the browser's own player (keyboard and screen-reader controls,
 * captions when given), loading nothing until played. A YouTube or Vimeo video shows our own
 * thumbnail and a play button; the provider's player is framed only after the press, so no
 * request reaches the provider before the visitor asks for it.
 */
export function VideoPlayer({ video }: { video: PublicVideo }) {
  const embed = parseVideoLink(video.videoUrl);
  if (!embed) return <FilePlayer video={video} />;
  return <EmbedPlayer video={video} embed={embed} />;
}

function FilePlayer({ video }: { video: PublicVideo }) {
  return (
    <video
      controls
      preload="none"
      poster={video.thumbnailUrl ?? PLACEHOLDER_IMAGE}
      className="h-full w-full bg-black object-contain"
      aria-label={video.title}
    >
      <source src={video.videoUrl} type={fileType(video.videoUrl)} />
      {video.captionsUrl ? (
        <track kind="captions" src={video.captionsUrl} srcLang="en" label="English" default />
      ) : null}
      Your browser cannot play this video.{' '}
      <a href={video.videoUrl} className="underline">
        Download it
      </a>
      .
    </video>
  );
}

function fileType(url: string) {
  if (url.endsWith('.webm')) return 'video/webm';
  if (url.endsWith('.ogv')) return 'video/ogg';
  return 'video/mp4';
}

function EmbedPlayer({ video, embed }: { video: PublicVideo; embed: VideoEmbed }) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const provider = providerNames[embed.provider];
  // The play link is gone once pressed: keyboard focus moves on to the player in its place.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  if (playing) {
    return (
      <iframe
        ref={frame}
        src={embedPlayerUrl(embed)}
        title={`${video.title} (${provider} video)`}
        className="h-full w-full border-0"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        // The player's own page may take focus back to the top document as it loads: put it back
        // unless the visitor has moved on to something else meanwhile.
        onLoad={() => {
          if (document.activeElement === document.body) frame.current?.focus();
        }}
      />
    );
  }
  return (
    <a
      href={watchUrl(embed)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className="group relative block h-full w-full"
      aria-label={`Play ${video.title} (loads the ${provider} player)`}
    >
      <img
        src={video.thumbnailUrl ?? PLACEHOLDER_IMAGE}
        alt=""
        loading="lazy"
        className="h-full w-full object-cover"
      />
      <span className="absolute inset-0 flex items-center justify-center bg-navy-950/20 transition-colors group-hover:bg-navy-950/40">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-500 text-navy-950 shadow-lg">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="ml-1 h-8 w-8 fill-current">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
      <span className="absolute bottom-2 left-2 rounded bg-navy-950/80 px-2 py-0.5 text-xs text-white">
        Plays from {provider}
      </span>
    </a>
  );
}
