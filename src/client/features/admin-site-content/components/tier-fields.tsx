import type { SiteContent } from '~/shared/schemas/site-content';
import { contentLimits } from '~/shared/schemas/site-content';
import { useField, useSectionForm } from './section-form-context';
import { ListEditor } from './list-editor';
import { TextBlock, TextInput } from './content-fields';
import { join } from '~/client/lib/value-path';

const boldHint =
  'Put ** around words to make them bold, for example: **Weekly prayer** at the tziyun.';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * The tiers' words: tagline and benefits. Each tier's name and price are shown, not edited: they
 * are tied to payments (checkout, receipts, the payment processor's plans).
 */
export function TierFields() {
  const { fixed } = useSectionForm();
  const tiers = useField<SiteContent['tiers']>('');
  return (
    <>
      <p
        className="rounded-lg border border-navy-800 bg-cream-50 p-3 text-navy-950"
        data-testid="tier-note"
      >
        Tier names and prices stay in the site’s configuration, because they are tied to payments.
        To change them, ask the developer.
      </p>
      {(tiers.value ?? []).map((tier, index) => {
        const shown = fixed.tiers.find((t) => t.id === tier.id);
        const name = shown?.name ?? tier.id;
        return (
          <section
            key={tier.id}
            aria-label={name}
            className="flex flex-col gap-3 rounded-lg border border-stone-300 p-4"
          >
            <h4 className="text-lg font-semibold text-navy-950">{name}</h4>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-stone-700">Name</dt>
              <dd>{name}</dd>
              <dt className="font-medium text-stone-700">Price</dt>
              <dd>{shown ? dollars.format(shown.price) : '—'}</dd>
            </dl>
            <TextInput path={join(index, 'tagline')} label={`Tagline: ${name}`} />
            <ListEditor<string>
              path={join(index, 'benefits')}
              heading={`Benefits: ${name}`}
              noun={`${name} benefit`}
              min={1}
              level={5}
              max={contentLimits.benefits}
              makeNew={() => ''}
            >
              {(path) => <TextBlock path={path} label="Benefit" hint={boldHint} rows={2} />}
            </ListEditor>
          </section>
        );
      })}
    </>
  );
}
