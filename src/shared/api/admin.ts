/** The admin area's sign-in, accounts, users and jobs (src/shared/route.ts). */
export const adminApi = {
  login: 'POST /api/admin/login',
  logout: 'POST /api/admin/logout',
  session: 'GET /api/admin/session',
  // The sign-in's second step, on the pending sign-in's cookie (ADR 018).
  secondFactor: 'POST /api/admin/login/second-factor',
  passkeyOptions: 'POST /api/admin/login/passkey-options',
  enrol: 'POST /api/admin/login/enrolment',
  enrolTotp: 'POST /api/admin/login/enrolment/totp',
  enrolPasskeyOptions: 'POST /api/admin/login/enrolment/passkey-options',
  // The signed-in administrator's own second factors.
  accountSecurity: 'GET /api/admin/account/security',
  startTotp: 'POST /api/admin/account/totp',
  confirmTotp: 'POST /api/admin/account/totp/confirm',
  disableTotp: 'POST /api/admin/account/totp/disable',
  recoveryCodes: 'POST /api/admin/account/recovery-codes',
  newPasskeyOptions: 'POST /api/admin/account/passkeys/options',
  addPasskey: 'POST /api/admin/account/passkeys',
  removePasskey: 'POST /api/admin/account/passkeys/:id/remove',
  // The owner's.
  users: 'GET /api/admin/users',
  createUser: 'POST /api/admin/users',
  removeUser: 'DELETE /api/admin/users/:id',
  endSessions: 'POST /api/admin/users/:id/end-sessions',
  auditLog: 'GET /api/admin/audit-log',
  securityPolicy: 'GET /api/admin/security-policy',
  setSecurityPolicy: 'PUT /api/admin/security-policy',
  jobs: 'GET /api/admin/jobs',
  retryJob: 'POST /api/admin/jobs/:id/retry',
} as const;
