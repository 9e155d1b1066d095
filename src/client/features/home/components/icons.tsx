import type { SVGProps } from 'react';

/** Line icons drawn on a 24-unit grid; decorative (hidden from assistive technology). */
function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export const iconPaths = {
  left: 'M15 5l-7 7 7 7',
  right: 'M9 5l7 7-7 7',
  down: 'M6 9l6 6 6-6',
  pause: 'M9 5v14M15 5v14',
  play: 'M7 4.5v15l12-7.5z',
  check: 'M5 12.5l4.5 4.5L19 7',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  spark: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18',
  flame: 'M12 3c3 4 6 6.5 6 11a6 6 0 0 1-12 0c0-3 1.5-5 3-6.5 0 2 1 3.5 2.5 3.5C11.5 8 11 6 12 3z',
  beacon: 'M9 21l1.5-11h3L15 21zM8 21h8M10 6h4l-.5 4h-3zM12 3v1M4 8l3 1M20 8l-3 1',
  quote: 'M7 7h4v4c0 3-1.5 5-4 6M14 7h4v4c0 3-1.5 5-4 6',
} as const;

export type IconName = keyof typeof iconPaths;

export function HomeIcon({ name, ...props }: SVGProps<SVGSVGElement> & { name: IconName }) {
  return <Icon d={iconPaths[name]} {...props} />;
}
