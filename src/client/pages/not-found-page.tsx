import { Link } from 'wouter';
import { buttonClass } from '~/client/components/ui/button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-display text-5xl font-semibold text-navy-950">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-stone-700">
        The page you were looking for is not here. It may have moved, or the address may be
        mistyped.
      </p>
      <Link href="/" className={buttonClass('secondary', 'mt-8')}>
        Back to Homepage
      </Link>
    </section>
  );
}
