import { methodOf, urlOf } from '~/shared/route';
import { sitePhotosApi } from '~/shared/api/site-photos';
import { siteContentApi } from '~/shared/api/site-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contentImage,
  siteContentState,
  type ContentImage,
  type SiteContentSection,
  type SiteContentState,
} from '~/shared/schemas/site-content';
import { ApiError, readAnswer, toApiError } from '~/client/lib/api';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';
import { adminQueryKey } from '~/client/lib/admin/query-client';

/**
 * Admin → Site Content: the content with its draft and history, and the calls that
 * change them. Every change answers the whole state, which replaces the cached one, so the
 * editor always holds the revision the server will check next.
 */

export const siteContentKey = [...adminQueryKey, 'site-content'] as const;

export function useSiteContentQuery() {
  return useQuery({
    queryKey: siteContentKey,
    queryFn: () => adminRequest(siteContentApi.draft, siteContentState),
  });
}

/** A call that answers the state: its answer becomes the cached state. */
function useStateChange<Input>(
  call: (input: Input, csrfToken: string) => Promise<SiteContentState>,
) {
  const { csrfToken } = useAdminSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(input, csrfToken),
    onSuccess: (state) => client.setQueryData(siteContentKey, state),
    // Another administrator changed the draft meanwhile: show theirs, so a retry is not refused
    // again for the same stale revision.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void client.invalidateQueries({ queryKey: siteContentKey });
      }
    },
  });
}

/** Saves one section on the draft whose revision the editor read (0: no draft yet). */
export function useSaveSection() {
  return useStateChange(
    (input: { section: SiteContentSection; revision: number; value: unknown }, csrfToken) =>
      adminRequest(siteContentApi.saveSection, siteContentState, {
        params: { section: input.section },
        body: { revision: input.revision, value: input.value },
        csrfToken,
      }),
  );
}

export function usePublishDraft() {
  return useStateChange((revision: number, csrfToken) =>
    adminRequest(siteContentApi.publish, siteContentState, {
      body: { revision },
      csrfToken,
    }),
  );
}

export function useDiscardDraft() {
  return useStateChange((revision: number, csrfToken) =>
    adminRequest(siteContentApi.discard, siteContentState, {
      body: { revision },
      csrfToken,
    }),
  );
}

/** Publishes a copy of an earlier version at once; the draft, if any, stays. */
export function useRestoreVersion() {
  return useStateChange((id: number, csrfToken) =>
    adminRequest(siteContentApi.restore, siteContentState, { params: { id }, csrfToken }),
  );
}

/**
 * Uploads a photo (multipart, field `file`); the answer is the picture in every size, alt empty:
 * the form asks for the alt text. fetch rather than XMLHttpRequest: a photo is small enough
 * not to need a progress bar.
 */
export async function uploadPhoto(file: File, csrfToken: string): Promise<ContentImage> {
  const path = urlOf(sitePhotosApi.upload);
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(path, {
    method: methodOf(sitePhotosApi.upload),
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
    body: form,
  });
  if (!response.ok) throw await toApiError(response);
  return readAnswer(path, contentImage, await response.json());
}

export function useUploadPhoto() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (file: File) => uploadPhoto(file, csrfToken) });
}

/** The public pages the preview can show, with the draft in place of what is published. */
export const previewPages = [
  { path: '/', label: 'Home page' },
  { path: '/join', label: 'Join' },
  { path: '/donate', label: 'Donate' },
  { path: '/contact', label: 'Contact' },
  { path: '/videos', label: 'Videos' },
] as const;

/** The page itself with the draft laid over it, for a signed-in administrator (ADR 033). */
export const previewUrl = (page: string) => `${page}?preview=draft`;
