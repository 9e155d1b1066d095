import { Redirect, useSearchParams } from 'wouter';
import { OfficeContact } from '../components/layout/office-contact';
import { PageHeader } from '../components/layout/page-header';

// Card and OJC payment arrive with the donations work (issue 4). Spec 2: no amount goes to /donate.
export default function CheckoutPage() {
  const [params] = useSearchParams();
  if (!params.get('amount')) return <Redirect to="/donate" replace />;
  return (
    <>
      <PageHeader title="Checkout" />
      <section className="mx-auto max-w-2xl px-4 py-16 text-center text-lg text-stone-800">
        <p>
          Online payment is being prepared. Please contact the office at <OfficeContact /> to
          complete your gift.
        </p>
      </section>
    </>
  );
}
