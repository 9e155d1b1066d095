// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fieldError,
  json,
  renderWithApi,
  testAdminSession,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { LoginScreen } from './login-screen';

/**
 * The sign-in page's second steps (docs/decisions/018-admin-second-factor.md): what a person
 * sees after the password when the account has a second factor, or must set one up.
 */
const session = testAdminSession;
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);
const wrongCode = 'That code did not work. Check the time on your phone and enter the newest code.';

function open(routes: ApiRoutes) {
  return renderWithApi(
    <LoginScreen />,
    { 'GET /api/admin/session': apiError(401, 'Please sign in.'), ...routes },
    { admin: true, path: '/admin/login' },
  );
}

async function enterPassword(user: ReturnType<typeof open>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'office');
  await user.type(screen.getByLabelText(/^Password/), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
}

const asked = json({
  next: 'second-factor',
  methods: ['totp', 'recovery-code'],
  expiresAt: '2026-01-01T00:05:00.000Z',
});

describe('the second step', () => {
  it('asks for the app’s code, shows a wrong one under the field in plain words, then signs in', async () => {
    const { user, api, history } = open({
      'POST /api/admin/login': asked,
      'POST /api/admin/login/second-factor': [
        apiError(401, wrongCode, { code: wrongCode }),
        json(session),
      ],
    });
    await enterPassword(user);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Confirm it’s you' }),
    ).toBeDefined();
    // The password is not kept on the page.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(wrongCode)).toBeDefined();
    expect(fieldError(/^Authentication code/)).toBe(wrongCode);
    expect(document.body.textContent).not.toMatch(/\b401\b|unauthorized/);
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Authentication code' }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => history.at(-1)).toBe('/admin');
    expect(api.to('POST /api/admin/login/second-factor').map((r) => r.body)).toEqual([
      { method: 'totp', code: '123456' },
      { method: 'totp', code: '654321' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const { user, api } = open({
      'POST /api/admin/login': asked,
      'POST /api/admin/login/second-factor': json(session),
    });
    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'aaaa-bbbb-cccc-0001');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => api.to('POST /api/admin/login/second-factor').length).toBe(1);
    expect(api.to('POST /api/admin/login/second-factor')[0]!.body).toEqual({
      method: 'recovery-code',
      code: 'aaaa-bbbb-cccc-0001',
    });
  });

  it('asks for a recovery code, not the app’s code, once a recovery code is chosen', async () => {
    const { user } = open({ 'POST /api/admin/login': asked });
    await enterPassword(user);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Confirm it’s you' });
    const step = heading.parentElement!;
    expect(step.textContent).toContain('enter the code from your authenticator app');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(step.textContent).not.toMatch(/authenticator app\./);
    expect(step.textContent).toContain('enter one of the recovery codes you saved');
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(step.textContent).toContain('enter the code from your authenticator app');
  });

  it('goes back to the password, saying why, when the sign-in timed out', async () => {
    const timedOut = 'Your sign-in has timed out or was already used. Please sign in again.';
    const { user } = open({
      'POST /api/admin/login': asked,
      'POST /api/admin/login/second-factor': apiError(401, timedOut),
    });
    await enterPassword(user);
    await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Access Admin Panel' })).toBeDefined();
    expect(screen.getByRole('form', { name: 'Admin sign-in' }).textContent).toContain(timedOut);
  });

  it('offers the passkey first when the account has only passkeys', async () => {
    const { user } = open({
      'POST /api/admin/login': json({
        next: 'second-factor',
        methods: ['passkey', 'recovery-code'],
        expiresAt: '2026-01-01T00:05:00.000Z',
      }),
    });
    await enterPassword(user);
    expect(await screen.findByRole('button', { name: 'Use your passkey' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeDefined();
  });
});

describe('enrolling when the site requires a second factor', () => {
  it('sets up the app, shows the recovery codes, and signs in only after they were seen', async () => {
    const { user, api, history } = open({
      'POST /api/admin/login': json({ next: 'enrolment', expiresAt: '2026-01-01T00:15:00.000Z' }),
      'POST /api/admin/login/enrolment/totp': json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Tziyun:office?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      'POST /api/admin/login/enrolment': json({ ...session, recoveryCodes: codes }),
    });
    await enterPassword(user);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Set up a second step' }),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Use an authenticator app' }));
    expect((await screen.findByLabelText('Setup key')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // Not signed in on screen until the codes were acknowledged.
    expect(history.at(-1)).toBe('/admin/login');
    await user.click(screen.getByRole('button', { name: 'I have saved my codes: continue' }));
    await expect.poll(() => history.at(-1)).toBe('/admin');
    expect(api.to('POST /api/admin/login/enrolment')[0]!.body).toEqual({
      method: 'totp',
      code: '123456',
    });
  });
});

describe('a failed sign-in’s toast', () => {
  it('goes as soon as the next sign-in succeeds, not over the dashboard', async () => {
    const { user, history } = open({
      'POST /api/admin/login': [apiError(401, 'Invalid credentials'), json(session)],
    });
    await enterPassword(user);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Login Failed');
    await user.type(screen.getByLabelText(/^Password/), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    await expect.poll(() => history.at(-1)).toBe('/admin');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('goes when the password is right and a second step follows', async () => {
    const { user } = open({
      'POST /api/admin/login': [apiError(401, 'Invalid credentials'), asked],
    });
    await enterPassword(user);
    expect((await screen.findByTestId('toast')).textContent).toContain('Login Failed');
    await user.type(screen.getByLabelText(/^Password/), 'the right password');
    await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
    await screen.findByRole('heading', { level: 2, name: 'Confirm it’s you' });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('the password step', () => {
  it('checks the sign-in’s rules first: an empty form sends nothing and says what is missing', async () => {
    const { api, user } = open({});
    await user.click(await screen.findByRole('button', { name: 'Access Admin Panel' }));
    expect(fieldError(/^Username/)).toBe('Username is required');
    expect(fieldError(/^Password/)).toBe('Password is required');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' }));
    expect(api.to('POST /api/admin/login')).toHaveLength(0);
  });

  it('keeps the name, empties and focuses the password after a wrong pair', async () => {
    const { user } = open({ 'POST /api/admin/login': apiError(401, 'Invalid credentials') });
    await enterPassword(user);
    await screen.findByTestId('toast');
    const form = screen.getByRole('form', { name: 'Admin sign-in' });
    expect(form.textContent).toContain('Invalid credentials');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(fieldError(/^Password/)).toBeUndefined();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveProperty('value', 'office');
  });
});
