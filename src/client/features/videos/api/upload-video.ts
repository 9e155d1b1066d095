import { methodOf, urlOf } from '~/shared/route';
import { videosApi } from '~/shared/api/videos';
import { useMutation } from '@tanstack/react-query';
import { adminVideo, type AdminVideo } from '~/shared/schemas/videos';
import { readAnswer, toApiError } from '~/client/lib/api';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

export interface VideoFormUpload {
  /** Absent for a new video. */
  id?: string;
  form: FormData;
  /** From 0 to 1 as the body goes out. */
  onProgress?: (sent: number) => void;
}

/**
 * Sends the video form (fields and files) as multipart/form-data. XMLHttpRequest rather than
 * fetch: only it reports upload progress, which a large video needs.
 */
export function sendVideoForm({ id, form, onProgress }: VideoFormUpload, csrfToken: string) {
  return new Promise<AdminVideo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const route = id ? videosApi.update : videosApi.create;
    const path = id ? urlOf(videosApi.update, { params: { id } }) : urlOf(videosApi.create);
    xhr.open(methodOf(route), path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (response.ok)
        readAnswer(path, adminVideo, JSON.parse(xhr.responseText)).then(resolve, reject);
      else toApiError(response).then(reject, reject);
    };
    xhr.onerror = () =>
      reject(new Error('The upload was interrupted. Check the connection and try again.'));
    xhr.send(form);
  });
}

export function useSendVideoForm() {
  const { csrfToken } = useAdminSession();
  return useMutation({ mutationFn: (upload: VideoFormUpload) => sendVideoForm(upload, csrfToken) });
}
