import type { ReactNode } from 'react';

/** A section's eyebrow, h2 and introduction, centred unless `left`. `dark` for navy backgrounds. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  dark = false,
  left = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  dark?: boolean;
  left?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={left ? '' : 'mx-auto max-w-3xl text-center'}>
      <p
        className={`text-sm font-semibold tracking-[0.2em] uppercase ${dark ? 'text-gold-300' : 'text-gold-700'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 font-display text-4xl font-semibold text-balance sm:text-5xl ${dark ? 'text-white' : 'text-navy-950'}`}
      >
        {title}
      </h2>
      {children ? (
        <div className={`mt-5 text-lg ${dark ? 'text-white/85' : 'text-stone-700'}`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
