import { describe, expect, it } from 'vitest';
import { sharePreviewImage, slugsOfCampaignPath } from './campaign-paths';

describe('a campaign page’s address read back', () => {
  it('gives the campaign’s slug, and the team’s on a team page, decoded', () => {
    expect(slugsOfCampaignPath('/campaign/roof-day')).toEqual({ campaign: 'roof-day', team: null });
    expect(slugsOfCampaignPath('/campaign/roof-day/')).toEqual({
      campaign: 'roof-day',
      team: null,
    });
    expect(slugsOfCampaignPath('/campaign/roof-day/team/katz%20family')).toEqual({
      campaign: 'roof-day',
      team: 'katz family',
    });
  });

  it('is null for any other address, a broken escape or a slug longer than any can be', () => {
    for (const path of [
      '/campaign',
      '/campaign/roof-day/screen',
      '/campaign/roof-day/team',
      '/campaign/roof-day/team/katz/more',
      '/campaigns/roof-day',
      '/campaign/%E0%A4%A',
      `/campaign/${'x'.repeat(101)}`,
      `/campaign/roof-day/team/${'x'.repeat(101)}`,
    ]) {
      expect(slugsOfCampaignPath(path), path).toBeNull();
    }
    expect(slugsOfCampaignPath(`/campaign/${'x'.repeat(100)}`)).not.toBeNull();
  });
});

describe('the link preview image', () => {
  it('names the snapshot version, for the campaign and for a team', () => {
    expect(sharePreviewImage(7, { campaign: 'roof day' }, 'Roof day').src).toBe(
      '/campaign/roof%20day/share.png?v=7',
    );
    expect(sharePreviewImage(8, { campaign: 'roof-day', team: 'katz' }, 'Katz')).toMatchObject({
      src: '/campaign/roof-day/team/katz/share.png?v=8',
      width: expect.any(Number),
      height: expect.any(Number),
      alt: 'Katz',
    });
  });
});
