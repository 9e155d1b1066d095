import type { SVGProps } from 'react';
import sprite from '~/client/assets/icons.svg?no-inline';

/**
 * The site's icons, drawn once in one file (src/client/assets/icons.svg) that every page shares
 * and the browser keeps (a hashed asset): a page names each icon instead of carrying its drawing
 * (ADR 042). Decorative: hidden from assistive technology; the link or button says what it does.
 */
export const iconNames = [
  'left',
  'right',
  'down',
  'pause',
  'play',
  'check',
  'external',
  'spark',
  'flame',
  'beacon',
  'quote',
  'twitter',
  'instagram',
  'facebook',
  'tiktok',
  'youtube',
  'whatsapp',
] as const;

export type IconName = (typeof iconNames)[number];

/** `size`: the width and height before any class sizes it (24, the grid's). */
export function Icon({
  name,
  size = 24,
  ...props
}: SVGProps<SVGSVGElement> & { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...props}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
