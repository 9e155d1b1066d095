import type { FormEvent, ReactNode } from 'react';
import type { PledgeView } from '~/shared/schemas/pledges';
import { Button } from '~/client/components/ui/button';

/** What a pledge's dialog gives the form it holds. */
export interface PledgeActionProps {
  pledge: PledgeView;
  titleId: string;
  onDone: () => void;
}

/**
 * The frame of a form in a pledge's dialog: what it does to the pledge in words, its fields, then
 * the button that closes it beside the one that submits.
 */
export function PledgeActionForm({
  formProps,
  onSubmit,
  titleId,
  intro,
  dismissLabel,
  onDismiss,
  submit,
  children,
}: {
  formProps: object;
  /** useZodForm's handleSubmit: refused input is shown on the fields, so nothing is left to catch. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  titleId: string;
  intro: ReactNode;
  dismissLabel: string;
  onDismiss: () => void;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      {...formProps}
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      aria-labelledby={titleId}
      className="mt-4 flex flex-col gap-4"
    >
      <p className="text-stone-700">{intro}</p>
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        {submit}
      </div>
    </form>
  );
}
