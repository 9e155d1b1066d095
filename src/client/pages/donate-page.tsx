import { OfficeContact } from '../components/layout/office-contact';
import { PageHeader } from '../components/layout/page-header';

// The donation form arrives with the donations work (issue 4); until then the page says how to give.
export default function DonatePage() {
  return (
    <>
      <PageHeader title="Support Our Sacred Mission">
        Your gift sustains the prayers at the tziyun and the Torah legacy of our community.
      </PageHeader>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center text-lg text-stone-800">
        <p>
          Online giving is being prepared. To give today, please contact the office at{' '}
          <OfficeContact />.
        </p>
      </section>
    </>
  );
}
