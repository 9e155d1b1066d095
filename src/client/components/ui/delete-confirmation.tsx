import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useToast, type ToastMessage } from './toast';
import { failureToast } from '~/client/lib/failure-toast';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Deleting after the spec's question (8: 'Are you sure you want to delete this …?'): `ask(item)`
 * opens the dialog; confirming runs the mutation and says how it went.
 */
export function useDeleteConfirmation<T extends { id: string }>({
  remove,
  title,
  question,
  detail,
  deleted,
  failure,
}: {
  remove: UseMutationResult<unknown, Error, string>;
  title: string;
  question: string;
  detail: (item: T) => string;
  deleted: (item: T) => ToastMessage;
  /** The toast's text when the server gives none. */
  failure: string;
}) {
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const onConfirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => toast(deleted(target)),
      onError: (error) => toast(failureToast(error, failure)),
      onSettled: () => setTarget(null),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={question}
      detail={target ? detail(target) : undefined}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onDismiss={() => {
        if (!remove.isPending) setTarget(null);
      }}
    />
  );
  return { ask: setTarget, dialog };
}
