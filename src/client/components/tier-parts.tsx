import type { ReactNode } from 'react';
import { RichText } from '~/client/components/ui/rich-text';

/** A tier's price a month: the amount, then "/month" in smaller, plain type. */
export function MonthlyPrice({
  price,
  className,
  unitClassName,
}: {
  price: number;
  className: string;
  unitClassName: string;
}) {
  return (
    <p className={className}>
      ${price}
      <span className={`text-base font-normal ${unitClassName}`}>/month</span>
    </p>
  );
}

/** A tier's benefits, each after a mark that is only decoration. */
export function TierBenefits({
  benefits,
  mark,
  className,
  itemClassName,
  markClassName,
}: {
  benefits: string[];
  mark: ReactNode;
  className: string;
  itemClassName: string;
  markClassName: string;
}) {
  return (
    <ul className={className}>
      {benefits.map((benefit) => (
        <li key={benefit} className={itemClassName}>
          <span aria-hidden="true" className={markClassName}>
            {mark}
          </span>
          <span>
            <RichText text={benefit} />
          </span>
        </li>
      ))}
    </ul>
  );
}
