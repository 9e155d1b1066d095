import { PAGE_FORM_FIELD } from '~/shared/page-forms';
import { usePageForm } from '~/client/app/page-data';
import { Button } from '~/client/components/ui/button';
import { FormNotice, HoneypotField, TextAreaField, TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { sendContactMessage } from '~/client/features/contact/api/send-contact-message';

const loadSchema = () => import('~/shared/schemas/contact').then((m) => m.contactMessageInput);

export const contactFailureMessage = 'Failed to send message. Please try again.';

/**
 * Spec 4: idle, then sending (everything disabled, 'Sending Message...'), then a toast; the form
 * resets on success and keeps what was typed on failure.
 */
export function ContactForm() {
  const toast = useToast();
  // Posted without JavaScript, the page comes back with the form or says it was sent.
  const page = usePageForm('contact');
  const form = useZodForm(
    loadSchema,
    { name: '', email: '', message: '', website: '' },
    page.returned,
  );
  const { values, submitting, setValue, field } = form;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const result = await sendContactMessage(data);
      toast({ title: 'Message Sent!', description: result.message });
      form.reset();
    } catch (error) {
      toast(failureToast(error, contactFailureMessage));
      throw error;
    }
  });

  return (
    <form
      {...form.formProps}
      onSubmit={(e) => onSubmit(e).catch(() => undefined)}
      aria-label="Contact form"
      id="contact-form"
      action="#contact-form"
      className="flex flex-col gap-4"
    >
      <FormNotice title="Message Sent!" sent={page.sent} problem={form.errors._} />
      <input type="hidden" name={PAGE_FORM_FIELD} value="contact" />
      <TextField label="Name" autoComplete="name" required {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextAreaField label="Message" rows={5} required {...field('message')} />
      <HoneypotField value={values.website ?? ''} onValue={setValue} />
      <Button type="submit" variant="secondary" disabled={submitting} className="self-start">
        {submitting ? 'Sending Message...' : 'Send Message'}
      </Button>
    </form>
  );
}
