import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';

/**
 * A step of signing in after the password. Its heading takes the focus as it opens, so a
 * screen reader starts where the person now is.
 */
export function SignInStep({ title, children }: { title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-navy-950 focus:outline-none"
      >
        {title}
      </h2>
      {children}
    </div>
  );
}

/** Why a sign-in step was refused, boxed near its fields while the person tries again. */
export function SignInProblem({
  message,
  ...props
}: { message: string | null } & HTMLAttributes<HTMLParagraphElement>) {
  return message ? (
    <p
      {...props}
      className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  ) : null;
}
