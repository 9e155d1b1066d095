import { OfficeContact } from '~/client/components/layout/office-contact';
import { buttonClass } from '~/client/components/ui/button';

/** Spec 8 fallback when nothing more precise is known. */
export const SETUP_FAILED = 'Payment system initialization failed';

/** Spec 2: the 'Payment Setup Error' screen, with the message, the office and a way back. */
export function PaymentSetupError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-red-700"
    >
      <h2 className="font-display text-3xl font-semibold text-red-800">Payment Setup Error</h2>
      <p className="mt-4 text-lg text-stone-800">{message || SETUP_FAILED}</p>
      <p className="mt-4 text-stone-800">
        To give another way, contact us at <OfficeContact />.
      </p>
      <a href="/donate" className={buttonClass('secondary', 'mt-6')}>
        Return to the donate page
      </a>
    </div>
  );
}
