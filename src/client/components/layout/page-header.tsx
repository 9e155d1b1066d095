import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-navy-950 px-4 py-16 text-center text-white sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-gold-300 sm:text-5xl">{title}</h1>
      {children ? (
        <div className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{children}</div>
      ) : null}
    </div>
  );
}
