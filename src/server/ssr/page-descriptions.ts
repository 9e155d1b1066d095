/**
 * Each indexed page's meta description, written into its server-rendered head (document.ts).
 * Kept on the server: the browser never needs them, since readers and crawlers get them with
 * the page's HTML; the route table, in every page's first download, stays smaller.
 */
export const pageDescriptions: Partial<Record<string, string>> = {
  '/join':
    'Apply for membership: weekly prayers at the tziyun for your intentions, monthly miracle stories, live teachings and personal guidance.',
  '/donate': 'Support the prayers at the tziyun with a one-time or monthly gift.',
  '/contact': 'Questions about membership or the Rabbi’s prayers at the tziyun? Write to us.',
  '/videos': 'Watch the Rabbi’s teachings and share your thoughts.',
  '/test-stripe': 'Checks how card payments are configured on this site.',
};
