import { ContactSection } from '../features/contact/components/contact-section';
import { DonateSection } from '../features/home/components/donate-section';
import { HeroCarousel } from '../features/home/components/hero-carousel';
import { MembershipSection } from '../features/home/components/membership-section';
import { MentorshipSection } from '../features/home/components/mentorship-section';
import { MiraclesSection } from '../features/home/components/miracles-section';
import { RabbiSection } from '../features/home/components/rabbi-section';
import { TestimonialsSection } from '../features/home/components/testimonials-section';
import { TiersSection } from '../features/home/components/tiers-section';
import { WelcomeSection } from '../features/home/components/welcome-section';
import { WhatsappSection } from '../features/home/components/whatsapp-section';

/** Spec 2: the landing page, its sections in the spec's order. */
export default function HomePage() {
  return (
    <>
      <HeroCarousel />
      <WelcomeSection />
      <TiersSection />
      <TestimonialsSection />
      <MiraclesSection />
      <MentorshipSection />
      <RabbiSection />
      <MembershipSection />
      <DonateSection />
      <WhatsappSection />
      <ContactSection />
    </>
  );
}
