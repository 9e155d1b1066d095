import type { HTMLAttributes } from 'react';

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
