import { ContactSection } from '../features/contact/components/contact-section';

export default function ContactPage() {
  return <ContactSection headingLevel="h1" />;
}
