import { ContactSection } from '~/client/features/contact/components/contact-section';

export default function ContactPage() {
  return <ContactSection headingLevel="h1" />;
}
