import type { ReactNode } from 'react';

/**
 * A meter of `value` out of `max`, named by the element `labelledBy` and read out as
 * `valueText`. Its bars are `children`, SVG rects: drawn with SVG's own attributes, as the
 * site's CSP refuses inline styles. `className` sets its height and margin.
 */
export function MeterBar({
  labelledBy,
  value,
  max,
  valueText,
  className,
  children,
}: {
  labelledBy: string;
  value: number;
  max: number;
  valueText: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      role="meter"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className={`${className} overflow-hidden rounded-full bg-stone-200 ring-1 ring-stone-400`}
    >
      <svg aria-hidden="true" focusable="false" className="block size-full">
        {children}
      </svg>
    </div>
  );
}
