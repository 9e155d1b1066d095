import type { PasskeyCreationOptions, PasskeyRequestOptions } from '~/shared/schemas/webauthn';

/**
 * The browser's side of passkeys, through @simplewebauthn/browser (loaded only when a passkey is
 * used, so the admin area's first download does not carry it). Failures become a PasskeyError
 * in plain words.
 */
export class PasskeyError extends Error {
  override name = 'PasskeyError';
}

function plainPasskeyError(error: unknown, creating: boolean): PasskeyError {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new PasskeyError('This passkey is already on your account. Use another one.');
  }
  if (
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    name === 'SecurityError'
  ) {
    return new PasskeyError(
      'Passkeys cannot be used at this address of the site. Open the site at its usual address and try again.',
    );
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyError(
      creating
        ? 'No passkey was created: the request was cancelled or timed out. You can try again.'
        : 'The passkey request was cancelled or timed out. You can try again.',
    );
  }
  return new PasskeyError(
    creating
      ? 'This browser could not create a passkey. Try again, or use an authenticator app.'
      : 'This browser could not use your passkey. Try again, or use another way.',
  );
}

async function browserLibrary() {
  const library = await import('@simplewebauthn/browser');
  if (!library.browserSupportsWebAuthn()) {
    throw new PasskeyError('This browser does not support passkeys. Use another way to confirm.');
  }
  return library;
}

/** Asks the browser to create a passkey for these options; its answer, for the server. */
export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await browserLibrary();
  try {
    return await startRegistration({
      optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    throw plainPasskeyError(error, true);
  }
}

/** Asks the browser to sign the server's challenge with one of the account's passkeys. */
export async function signWithPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await browserLibrary();
  try {
    return await startAuthentication({
      optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    throw plainPasskeyError(error, false);
  }
}
