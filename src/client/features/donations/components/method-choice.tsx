import { checkoutMethods, type CheckoutMethod } from '~/shared/domain';

const methods: { value: CheckoutMethod; label: string; note: string }[] = [
  { value: 'credit_card', label: 'Credit Card', note: 'Visa, Mastercard, Amex, Discover' },
  { value: 'ojc', label: 'OJC Fund', note: 'Charity card' },
];

/**
 * The payment-method choice (spec 2): credit card by default, or an OJC Fund charity card, of
 * those `offered` (the methods set up for this kind of gift). Named `method`: in the one-time
 * form it is the checkout query's `method`.
 */
export function MethodChoice({
  value,
  onChange,
  offered = checkoutMethods,
}: {
  value: CheckoutMethod | null;
  onChange: (method: CheckoutMethod) => void;
  offered?: readonly CheckoutMethod[];
}) {
  const shown = methods.filter((method) => offered.includes(method.value));
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-800">Payment method</legend>
      <div className={`mt-2 grid gap-3 ${shown.length > 1 ? 'sm:grid-cols-2' : ''}`}>
        {shown.map((method) => (
          <label
            key={method.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 bg-white px-4 py-3 has-checked:border-gold-700 has-checked:bg-cream-100 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-700"
          >
            <input
              type="radio"
              name="method"
              value={method.value}
              checked={value === method.value}
              onChange={() => onChange(method.value)}
              className="size-4 accent-navy-900"
            />
            <span>
              <span className="block font-semibold text-navy-950">{method.label}</span>
              <span className="block text-sm text-stone-700">{method.note}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
