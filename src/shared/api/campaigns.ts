/** Campaigns: the public snapshot and feed, the office's campaigns (src/shared/route.ts). */
export const campaignsApi = {
  /**
   * The page's snapshot: version, state, computed times, figures, fund, wall; from memory, ETag and
   * 304 (ADR 054).
   * @caller public
   */
  snapshot: 'GET /api/campaigns/:slug',
  /**
   * The same snapshot as server-sent events: on connect and after each change (ADR 056); 503 +
   * `Retry-After` when full.
   * @caller public
   */
  events: 'GET /api/campaigns/:slug/events',
  /**
   * An ambassador's request `{name, email, team, goal?}` → `201 {message}`: a `requested` team the
   * office approves; per-visitor form limit; also the campaign page's form without JavaScript
   * (`_form=ambassador-request`).
   * @caller public
   */
  requestTeam: 'POST /api/campaigns/:slug/teams',
  /**
   * An approved team's standing (`{slug, name, group, goal, raised, donors, photo?}`) and its wall
   * (gifts credited to it, as donors chose) → `{version, team, wall}`; kept per snapshot version;
   * 404 for an unknown or unapproved team.
   * @caller public
   */
  team: 'GET /api/campaigns/:slug/teams/:team',
  /**
   * The link preview: a 1200×630 PNG of the title, bar and total, drawn once per snapshot version
   * (`?v=`); ETag, `max-age=60`; 404 for a draft.
   * @caller public
   */
  shareImage: 'GET /campaign/:slug/share.png',
  /**
   * A team page's link preview: the team's name, its bar, total and donors under the campaign's
   * title; 404 unless the team is approved.
   * @caller public
   */
  teamShareImage: 'GET /campaign/:slug/team/:team/share.png',
  /**
   * Every campaign with its matchers and what each has given, its computed end (`computedEndsAt`,
   * `computedOpenUntil`) and Shabbat and Yom Tov `pauses` → `{campaigns}`.
   * @caller admin
   */
  list: 'GET /api/admin/campaigns',
  /**
   * `{slug, title, story, goal, bonusGoals, startsAt, endsAt, openUntil, recurringMonths,
   * pauseForShabbat, fund, matchers, embedOrigins, shareText, …}` → `201 {campaign}` (ADR 054);
   * `embedOrigins`: sites that may frame the thermometer.
   * @caller admin
   */
  create: 'POST /api/admin/campaigns',
  /**
   * The whole campaign, matchers by `id`, `status` kept when not sent; started: goal, bonus goals,
   * start stay; started or with a gift: months, offline matching, Shabbat pause, published; a
   * matcher that has matched: ratio, place (400).
   * @caller admin
   */
  update: 'PUT /api/admin/campaigns/:id',
  /**
   * The dedications of the campaign's gifts received that day (`?date=YYYY-MM-DD`, site time zone;
   * today without `date`), grouped by kind as the prayer list groups, each with its Hebrew line for
   * the Rabbi → `{campaign, date, hebrewDate, total, groups}`.
   * @caller admin
   */
  dedications: 'GET /api/admin/campaigns/:id/dedications',
  /**
   * The campaign's gifts as CSV: donor, email, amount, monthly, method, status, matched and by
   * whom, wall choice, dedication, date, receipt, utm source/medium/campaign/content; audited.
   * @caller admin
   */
  giftsCsv: 'GET /api/admin/campaigns/:id/gifts.csv',
  /**
   * The counted gifts' figures: `gifts`, `raised`, `matched`, `matchedShare`, `average`, `median`,
   * `byHour` (each hour of the window, site's zone), `outsideWindow`, `byReferrer` (utm, `direct`),
   * `donors.new`/`returning`, `byMethod`.
   * @caller admin
   */
  analytics: 'GET /api/admin/campaigns/:id/analytics',
  /**
   * Multipart, one `file`: the campaign's photo (JPEG, PNG or WebP; EXIF removed, re-encoded in its
   * sizes as Site Content's photos), shown under the title with the title as alt text; replaces the
   * last one (its sizes removed); audited → `{photo}`; 415, 413.
   * @caller admin
   */
  uploadPhoto: 'POST /api/admin/campaigns/:id/photo',
  /**
   * How many donor addresses a thank-you would reach now (`{toSend, alreadyThanked,
   * withoutEmail}`).
   * @caller admin
   */
  thankYouReach: 'GET /api/admin/campaigns/:id/thank-you',
  /**
   * `{message}`: mail the thank-you once to each (received gifts), through the outbox, audited →
   * `{queued, alreadyThanked}`; `409` for a draft.
   * @caller admin
   */
  sendThankYou: 'POST /api/admin/campaigns/:id/thank-you',
  /**
   * Every team of the campaign, each status, with `raised` and `donors` → `{teams}`.
   * @caller admin
   */
  teams: 'GET /api/admin/campaigns/:id/teams',
  /**
   * A new team `{slug?, name, leaderName, leaderEmail, goal?, group?, status?}` → `201 {team}`
   * (approved unless `status` says; slug made from the name when absent); audited.
   * @caller admin
   */
  createTeam: 'POST /api/admin/campaigns/:id/teams',
  /**
   * The whole team: approve, decline, edit (`status` kept when not sent); audited with the status
   * it moved from → `{team}`.
   * @caller admin
   */
  updateTeam: 'PUT /api/admin/campaigns/:id/teams/:teamId',
  /**
   * Multipart, one `file`: the team's photo, made as the campaign's, on the team's page (`GET
   * /api/campaigns/:slug/teams/:team`, not the snapshot) with its name as alt text; replaces the
   * last one; audited → `{photo}`; 415, 413, 404 if not a team of this campaign.
   * @caller admin
   */
  uploadTeamPhoto: 'POST /api/admin/campaigns/:id/teams/:teamId/photo',
} as const;
