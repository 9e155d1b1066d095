import type { ContentImage } from '~/shared/schemas/site-content';

/**
 * A site-content photo at the size the layout needs: `<picture>` with the smaller
 * formats first (WebP), then the `<img>` with the fallback (JPEG or PNG) and its widths; the
 * browser picks the format and the width from `sizes`. A configured drawing (`src` only, e.g.
 * /images/rabbi.svg) is just the `<img>`. Width and height always go on the `<img>`, so the
 * page keeps the photo's place before it arrives.
 */
export function ResponsivePicture({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ContentImage;
  /** How wide the photo is shown, as the `sizes` attribute says it: '(min-width: 768px) 50vw, 100vw'. */
  sizes: string;
  className?: string;
  /** The first photo a visitor sees (the hero's first slide): fetched first, not lazily. */
  priority?: boolean;
}) {
  const sized = image.srcset ? sizes : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sized}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/**
 * What a `<link rel="preload" as="image">` in the page's head needs for the hero's first photo:
 * the first of its formats (a browser that cannot show that type skips the preload, as it
 * skips the `<source>`), or the fallback for a photo without any.
 */
export function imagePreload(image: ContentImage, sizes: string) {
  const source = image.sources?.[0];
  if (source) return { imageSrcSet: source.srcset, imageSizes: sizes, type: source.type };
  if (image.srcset) return { href: image.src, imageSrcSet: image.srcset, imageSizes: sizes };
  return { href: image.src };
}
