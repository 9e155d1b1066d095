import { PageHeader } from '../components/layout/page-header';

// The payment diagnostic arrives with the donations work (issue 4).
export default function TestStripePage() {
  return (
    <>
      <PageHeader title="Payment Configuration Test" />
      <section className="mx-auto max-w-2xl px-4 py-16 text-center text-lg text-stone-800">
        <p>Card payments are not configured on this site yet.</p>
      </section>
    </>
  );
}
