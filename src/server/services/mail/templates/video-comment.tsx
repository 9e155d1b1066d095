import { Button, EmailLayout, Paragraph, Quoted, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface VideoCommentMailData {
  videoTitle: string;
  authorName: string;
  authorEmail: string;
  comment: string;
}

/** To the office: a comment waits for review. Everything the commenter wrote is shown as text. */
export function videoCommentNotification(
  ctx: MailContext,
  data: VideoCommentMailData,
): RenderedMail {
  const moderateUrl = `${ctx.publicUrl}/admin/videos?tab=moderate`;
  return {
    subject: `New comment to review on “${data.videoTitle}”`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>A visitor commented on the video “{data.videoTitle}”.</Paragraph>
        <Paragraph>
          From: {data.authorName} &lt;{data.authorEmail}&gt;
        </Paragraph>
        <Quoted text={data.comment} />
        <Paragraph>The comment shows on the site once an administrator approves it.</Paragraph>
        <Button href={moderateUrl}>Review comments</Button>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      `A visitor commented on the video “${data.videoTitle}”.`,
      '',
      `From: ${data.authorName} <${data.authorEmail}>`,
      '',
      data.comment,
      '',
      'The comment shows on the site once an administrator approves it.',
      `Review comments: ${moderateUrl}`,
    ]),
  };
}
