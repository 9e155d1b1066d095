/** The admin area's sign-in, accounts, users and jobs (src/shared/route.ts). */
export const adminApi = {
  /**
   * Sign in.
   * @caller sign-in
   */
  login: 'POST /api/admin/login',
  /**
   * Sign out.
   * @caller admin
   */
  logout: 'POST /api/admin/logout',
  /**
   * Who am I.
   * @caller admin
   */
  session: 'GET /api/admin/session',
  /**
   * The sign-in's second step (the pending sign-in's cookie, no session yet): a code.
   * @caller sign-in
   */
  secondFactor: 'POST /api/admin/login/second-factor',
  /**
   * The sign-in's second step (the pending sign-in's cookie, no session yet): a passkey's options.
   * @caller sign-in
   */
  passkeyOptions: 'POST /api/admin/login/passkey-options',
  /**
   * A second factor set up during sign-in when the owners require one: the code or passkey that
   * sets it up, and the session.
   * @caller sign-in
   */
  enrol: 'POST /api/admin/login/enrolment',
  /**
   * A second factor set up during sign-in when the owners require one: an authenticator app's QR
   * code and key.
   * @caller sign-in
   */
  enrolTotp: 'POST /api/admin/login/enrolment/totp',
  /**
   * A second factor set up during sign-in when the owners require one: a passkey's options.
   * @caller sign-in
   */
  enrolPasskeyOptions: 'POST /api/admin/login/enrolment/passkey-options',
  /**
   * The signed-in administrator's factors: app, passkeys, recovery codes left.
   * @caller admin
   */
  accountSecurity: 'GET /api/admin/account/security',
  /**
   * An authenticator app: start (QR code and key).
   * @caller admin
   */
  startTotp: 'POST /api/admin/account/totp',
  /**
   * An authenticator app: confirm with a first code.
   * @caller admin
   */
  confirmTotp: 'POST /api/admin/account/totp/confirm',
  /**
   * An authenticator app: switch off.
   * @caller admin
   */
  disableTotp: 'POST /api/admin/account/totp/disable',
  /**
   * Ten new one-time recovery codes (the old ones stop working).
   * @caller admin
   */
  recoveryCodes: 'POST /api/admin/account/recovery-codes',
  /**
   * A passkey: the browser's options.
   * @caller admin
   */
  newPasskeyOptions: 'POST /api/admin/account/passkeys/options',
  /**
   * A passkey: add it.
   * @caller admin
   */
  addPasskey: 'POST /api/admin/account/passkeys',
  /**
   * A passkey: remove it.
   * @caller admin
   */
  removePasskey: 'POST /api/admin/account/passkeys/:id/remove',
  /**
   * Administrators.
   * @caller owner
   */
  users: 'GET /api/admin/users',
  /**
   * Administrators: add one.
   * @caller owner
   */
  createUser: 'POST /api/admin/users',
  /**
   * Administrators: remove one.
   * @caller owner
   */
  removeUser: 'DELETE /api/admin/users/:id',
  /**
   * Administrators: end one's sessions.
   * @caller owner
   */
  endSessions: 'POST /api/admin/users/:id/end-sessions',
  /**
   * Who did what and when.
   * @caller owner
   */
  auditLog: 'GET /api/admin/audit-log',
  /**
   * "Second factor for everyone".
   * @caller owner
   */
  securityPolicy: 'GET /api/admin/security-policy',
  /**
   * "Second factor for everyone": require it or stop.
   * @caller owner
   */
  setSecurityPolicy: 'PUT /api/admin/security-policy',
  /**
   * The outbox: recent, failed and dead jobs.
   * @caller admin
   */
  jobs: 'GET /api/admin/jobs',
  /**
   * The outbox: retry a dead job.
   * @caller admin
   */
  retryJob: 'POST /api/admin/jobs/:id/retry',
} as const;
