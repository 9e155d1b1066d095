import { useSiteContent } from '~/client/lib/site-content';

/** The office's email and phone, as links: shown wherever a visitor may need a person. */
export function OfficeContact() {
  const { email, phone } = useSiteContent('contact');
  return (
    <>
      <a href={`mailto:${email}`} className="font-semibold underline underline-offset-2">
        {email}
      </a>{' '}
      or{' '}
      <a
        href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
        className="font-semibold underline underline-offset-2"
      >
        {phone}
      </a>
    </>
  );
}
