import { ContactSection } from '~/client/features/contact/components/contact-section';
import { DonateSection } from '~/client/features/home/components/donate-section';
import { HeroCarousel } from '~/client/features/home/components/hero-carousel';
import { MembershipSection } from '~/client/features/home/components/membership-section';
import { MentorshipSection } from '~/client/features/home/components/mentorship-section';
import { MiraclesSection } from '~/client/features/home/components/miracles-section';
import { RabbiSection } from '~/client/features/home/components/rabbi-section';
import { TestimonialsSection } from '~/client/features/home/components/testimonials-section';
import { TiersSection } from '~/client/features/home/components/tiers-section';
import { WelcomeSection } from '~/client/features/home/components/welcome-section';
import { WhatsappSection } from '~/client/features/home/components/whatsapp-section';

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
