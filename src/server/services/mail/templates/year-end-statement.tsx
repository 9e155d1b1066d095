import { formatMoney } from '~/shared/money';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface YearEndStatementData {
  name: string;
  year: number;
  keptCents: number;
  gifts: number;
  /** The statement's PDF, by a signed link. */
  pdfUrl: string;
  /** 'My giving', where every receipt and statement is. */
  pageUrl: string;
}

/** January's mail: the past year's giving statement for the donor's tax return. */
export function yearEndStatement(ctx: MailContext, data: YearEndStatementData): RenderedMail {
  const greeting = `Dear ${data.name},`;
  const total = formatMoney(data.keptCents);
  const intro = `Thank you for your support of ${ctx.site.product} in ${data.year}. Your year-end giving statement lists your ${data.gifts === 1 ? 'gift' : `${data.gifts} gifts`}, ${total} in all, for your tax records.`;
  const more = 'All your receipts and statements are also on My giving:';
  return {
    subject: `Your ${data.year} giving statement | ${ctx.site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Button href={data.pdfUrl}>Download your {data.year} statement (PDF)</Button>
        <Paragraph>
          {more} <a href={data.pageUrl}>My giving</a>
        </Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      intro,
      '',
      `Your ${data.year} statement (PDF):`,
      data.pdfUrl,
      '',
      more,
      data.pageUrl,
    ]),
  };
}
