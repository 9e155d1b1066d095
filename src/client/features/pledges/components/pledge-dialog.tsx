import type { ReactNode } from 'react';
import { ModalDialog } from '~/client/components/ui/modal-dialog';

/** A pledge's small form in a modal, scrolling inside itself so it fits a phone. */
export function PledgeDialog(props: {
  open: boolean;
  title: string;
  onDismiss: () => void;
  children: (titleId: string) => ReactNode;
}) {
  return (
    <ModalDialog
      {...props}
      className="max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto p-5 sm:p-6"
    />
  );
}
