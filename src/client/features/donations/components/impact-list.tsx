import siteConfig from '~/client/lib/site-config';

/** Spec 2: what a gift does, by amount. */
export function ImpactList() {
  return (
    <section aria-labelledby="impact-heading" className="rounded-2xl bg-navy-950 p-6 text-white">
      <h2 id="impact-heading" className="font-display text-2xl font-semibold text-gold-300">
        Your Impact
      </h2>
      <ul className="mt-4 space-y-3">
        {siteConfig.impact.map((item) => (
          <li key={item.amount} className="flex gap-3">
            <span className="min-w-14 font-semibold text-gold-300">${item.amount}</span>
            <span className="text-white/90">{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
