import type { ReactNode } from 'react';
import type { SiteConfig } from '~/shared/site-config-schema';

export interface MailContext {
  site: SiteConfig;
  publicUrl: string;
}

const font = "Georgia, 'Times New Roman', serif";

/** The frame of every mail: the site's name, then the content, then how to reach the office. */
export function EmailLayout({
  ctx,
  children,
  footer,
}: {
  ctx: MailContext;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { site, publicUrl } = ctx;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: 0, background: '#fbf7ef', color: '#1c1917' }}>
        <div style={{ maxWidth: 600, margin: '0 auto', padding: 24, fontFamily: font }}>
          <p style={{ fontSize: 24, fontWeight: 600, color: '#0b1430', margin: '0 0 24px' }}>
            <a href={`${publicUrl}/`} style={{ color: '#0b1430', textDecoration: 'none' }}>
              {site.product}
            </a>
          </p>
          <div style={{ fontSize: 16, lineHeight: 1.6 }}>{children}</div>
          <hr style={{ border: 0, borderTop: '1px solid #d6d3d1', margin: '32px 0 16px' }} />
          <p style={{ fontSize: 13, color: '#57534e', margin: 0 }}>
            {site.legalName} · {site.contact.addressLine} · {site.contact.email} ·{' '}
            {site.contact.phone}
          </p>
          {footer}
        </div>
      </body>
    </html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px' }}>{children}</p>;
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          background: '#0b1430',
          color: '#ffffff',
          padding: '12px 24px',
          borderRadius: 999,
          textDecoration: 'none',
          fontWeight: 600,
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** Text someone typed, kept as written: line breaks shown, never interpreted as markup. */
export function Quoted({ text }: { text: string }) {
  return (
    <blockquote
      style={{
        margin: '0 0 16px',
        padding: '12px 16px',
        background: '#ffffff',
        borderLeft: '4px solid #cfa632',
        whiteSpace: 'pre-wrap',
      }}
    >
      {text}
    </blockquote>
  );
}

/** The plain-text frame matching EmailLayout. */
export function textFrame(ctx: MailContext, body: string[], footer: string[] = []): string {
  const { site } = ctx;
  return [
    site.product,
    '',
    ...body,
    '',
    '--',
    `${site.legalName} · ${site.contact.addressLine}`,
    `${site.contact.email} · ${site.contact.phone}`,
    ...footer,
    '',
  ].join('\n');
}
