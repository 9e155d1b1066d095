// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { ShareButtons } from './share-buttons';

const props = {
  title: 'Chai Day & the roof',
  text: 'Give with me: every gift is doubled!',
  pageUrl: 'https://tziyun.example/campaign/chai-day',
};
const sent = `${props.text} ${props.pageUrl}`;

/** The browser's clipboard and share sheet, as this test wants them. */
function stubNavigator(own: { clipboard: { writeText: () => Promise<void> }; share?: unknown }) {
  for (const [name, value] of Object.entries({ share: undefined, ...own })) {
    Object.defineProperty(navigator, name, { value, configurable: true });
  }
}

afterEach(() => {
  stubNavigator({ clipboard: { writeText: async () => {} } });
});

describe('the share buttons', () => {
  it('are plain links with the message and the link encoded, and the link to copy by hand', () => {
    const html = renderToString(<ShareButtons {...props} />);
    document.body.innerHTML = html;
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('WhatsApp')).toBe(`https://api.whatsapp.com/send?text=${encodeURIComponent(sent)}`);
    expect(new URL(href('WhatsApp')!).searchParams.get('text')).toBe(sent);
    expect(href('Text message')).toBe(`sms:?&body=${encodeURIComponent(sent)}`);
    expect(href('Email')).toBe(
      `mailto:?subject=Chai%20Day%20%26%20the%20roof&body=${encodeURIComponent(`${props.text}\n\n${props.pageUrl}`)}`,
    );
    // Nothing that needs JavaScript before it runs: the field is there, the buttons are not.
    expect(
      (screen.getByRole('textbox', { name: 'Link to this page' }) as HTMLInputElement).value,
    ).toBe(props.pageUrl);
    expect(html).not.toContain('Copy link');
    expect(html).not.toContain('Share…');
    document.body.innerHTML = '';
  });

  it('copies the link and says so; offers the phone’s share sheet where there is one', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    stubNavigator({ clipboard: { writeText }, share });
    renderWithProviders(<ShareButtons {...props} />);
    // user-event puts a clipboard of its own in place: this test's goes back after it.
    stubNavigator({ clipboard: { writeText }, share });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(props.pageUrl);
    expect(screen.getByText('Link copied.').getAttribute('role')).toBe('status');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share…' })));
    expect(share).toHaveBeenCalledWith({
      title: props.title,
      text: props.text,
      url: props.pageUrl,
    });
  });

  it('selects the link for copying by hand when the browser refuses to copy', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('not allowed');
    });
    renderWithProviders(<ShareButtons {...props} />);
    stubNavigator({ clipboard: { writeText } });
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(screen.getByText(/could not be copied for you/).getAttribute('role')).toBe('status');
  });
});
