import { describe, expect, it } from 'vitest';
import { blankCampaignForm, campaignForm, campaignFormValues } from './campaign-form';
import { originOf } from './campaigns';

const zone = 'America/New_York';
const filled = (embedOrigins: string) => ({
  ...blankCampaignForm(),
  title: 'Chai Day',
  slug: 'chai-day',
  goal: '18,000',
  startsAt: '2026-12-13',
  endsAt: '2026-12-14',
  matchers: '[]',
  embedOrigins,
});

describe('the campaign form: sites that may show the thermometer', () => {
  it('takes one origin a line, blank lines aside, as the browser will send them', () => {
    const result = campaignForm(zone).safeParse(
      filled(' https://www.shul.example/\n\nhttps://School.example:8443 \n'),
    );
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data?.embedOrigins).toEqual([
      'https://www.shul.example',
      'https://school.example:8443',
    ]);
  });

  it('puts the message about any line on the one text area', () => {
    const result = campaignForm(zone).safeParse(
      filled('https://www.shul.example\nhttp://school.example/donate'),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'embedOrigins',
        'Each site must be an https address with no path, like https://www.example.org',
      ],
    ]);
  });

  it('shows a saved campaign’s sites one a line', () => {
    const values = campaignFormValues(
      {
        id: 'x',
        slug: 'chai-day',
        title: 'Chai Day',
        story: '',
        goal: 18_000,
        bonusGoals: [],
        startsAt: '2026-12-13T17:00:00.000Z',
        endsAt: '2026-12-14T17:00:00.000Z',
        openUntil: null,
        recurringMonths: 12,
        pauseForShabbat: true,
        fund: null,
        offlineGiftsMatched: false,
        ambassadorMailShowsAmount: false,
        embedOrigins: ['https://a.example', 'https://b.example'],
        shareText: null,
        status: 'draft',
        matchers: [],
        computedEndsAt: '2026-12-14T17:00:00.000Z',
        computedOpenUntil: null,
        pauses: [],
      },
      zone,
    );
    expect(values.embedOrigins).toBe('https://a.example\nhttps://b.example');
  });
});

describe('originOf', () => {
  it.each([
    ['https://example.org', 'https://example.org'],
    ['https://EXAMPLE.org/', 'https://example.org'],
    ['https://example.org:443', 'https://example.org'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['http://example.org', null],
    ['https://example.org/path', null],
    ['https://*.example.org', null],
    ['https://example.org#top', null],
    ['https://u:p@example.org', null],
    ['https://', null],
    ["'self'", null],
    ['*', null],
  ])('%s → %s', (text, origin) => {
    expect(originOf(text)).toBe(origin);
  });
});

describe('the campaign form: the share message', () => {
  it('keeps the message, and a blank one as none (the default is made from the title)', () => {
    const written = campaignForm(zone).safeParse({ ...filled(''), shareText: ' Give today! ' });
    expect(written.data?.shareText).toBe('Give today!');
    const blank = campaignForm(zone).safeParse({ ...filled(''), shareText: '  ' });
    expect(blank.data?.shareText).toBeNull();
  });

  it('says at the field when the message is too long', () => {
    const result = campaignForm(zone).safeParse({ ...filled(''), shareText: 'x'.repeat(301) });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['shareText', 'The share message must be at most 300 characters'],
    ]);
  });
});
