import { giftImportApi } from '~/shared/api/gift-import';
import { useMutation } from '@tanstack/react-query';
import {
  giftImportPreview,
  giftImportResult,
  type GiftImportInput,
  type GiftImportPreviewInput,
} from '~/shared/schemas/gift-import';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** `POST /api/admin/gift-imports/preview`: what importing the file would do, row by row. */
export function usePreviewGiftImport() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: GiftImportPreviewInput) =>
      adminRequest(giftImportApi.preview, giftImportPreview, {
        body,
        csrfToken,
      }),
  });
}

/** `POST /api/admin/gift-imports`: the file's new gifts, all or nothing. */
export function useImportGifts() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (body: GiftImportInput) =>
      adminRequest(giftImportApi.import, giftImportResult, {
        body,
        csrfToken,
      }),
  });
}
