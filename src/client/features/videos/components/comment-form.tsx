import { PAGE_FORM_FIELD, type PageFormState } from '~/shared/page-forms';
import { Button } from '~/client/components/ui/button';
import { FormNotice, HoneypotField, TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { postComment } from '~/client/features/videos/api/post-comment';

const loadSchema = () => import('~/shared/schemas/videos').then((m) => m.commentInput);

export const commentFailureMessage = 'Failed to submit comment';

/**
 * Spec 5 and 8: name, email and comment, all required; the visitor is told the comment awaits
 * review. Everything stays as typed on a failure. Without JavaScript it posts to /videos, which
 * sends it back with its messages (`returned`) or says it was received (`sent`).
 */
export function CommentForm({
  videoId,
  videoTitle,
  returned,
  sent,
}: {
  videoId: string;
  videoTitle: string;
  returned?: PageFormState;
  sent?: string;
}) {
  const toast = useToast();
  const form = useZodForm(
    loadSchema,
    { authorName: '', authorEmail: '', comment: '', website: '' },
    returned,
  );
  const { values, submitting, setValue, field } = form;
  const bind = (name: 'authorName' | 'authorEmail' | 'comment') => ({
    ...field(name),
    required: true,
  });

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const result = await postComment(videoId, data);
      toast({ title: 'Comment Submitted', description: result.message });
      form.reset();
    } catch (error) {
      toast(failureToast(error, commentFailureMessage));
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(e) => onSubmit(e).catch(() => undefined)}
      aria-label={`Comment on ${videoTitle}`}
      id={`comment-form-${videoId}`}
      action={`#comment-form-${videoId}`}
      className="flex flex-col gap-3"
    >
      <FormNotice title="Comment Submitted" sent={sent} problem={form.errors._} />
      <input type="hidden" name={PAGE_FORM_FIELD} value="comment" />
      <input type="hidden" name="videoId" value={videoId} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...bind('authorName')} />
        <TextField label="Email" type="email" autoComplete="email" {...bind('authorEmail')} />
      </div>
      <TextAreaField label="Comment" rows={3} {...bind('comment')} />
      <HoneypotField value={values.website ?? ''} onValue={setValue} />
      <p className="text-sm text-stone-700">
        Your email is never shown. Comments appear once the office has reviewed them.
      </p>
      <Button type="submit" variant="secondary" disabled={submitting} className="self-start">
        {submitting ? 'Posting...' : 'Post Comment'}
      </Button>
    </form>
  );
}
