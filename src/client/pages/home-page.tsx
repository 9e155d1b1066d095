import siteConfig from '@site-config';
import { ContactSection } from '../features/contact/components/contact-section';

export default function HomePage() {
  const slide = siteConfig.hero[0]!;
  return (
    <>
      <section id="home" className="bg-navy-950 px-4 py-24 text-center text-white">
        <h1 className="font-display text-5xl font-semibold">
          {slide.title[0]} <span className="text-gold-300">{slide.title[1]}</span>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg">{slide.subtitle}</p>
      </section>
      <section id="tiers" className="py-16">
        <h2 className="text-center font-display text-4xl">Membership Tiers</h2>
      </section>
      <section id="miracles" className="py-16">
        <h2 className="text-center font-display text-4xl">Miracles</h2>
      </section>
      <section id="rabbi" className="py-16">
        <h2 className="text-center font-display text-4xl">{siteConfig.rabbi.name}</h2>
      </section>
      <section id="membership" className="py-16">
        <h2 className="text-center font-display text-4xl">Membership Benefits</h2>
      </section>
      <section id="donate" className="py-16">
        <h2 className="text-center font-display text-4xl">Donate</h2>
      </section>
      <ContactSection />
    </>
  );
}
