import { adminApi } from '~/shared/api/admin';
import { useMutation } from '@tanstack/react-query';
import { sessionResponse } from '~/shared/schemas/admin';
import {
  enrolledSession,
  totpSetup,
  type EnrolmentInput,
  type SecondFactorInput,
} from '~/shared/schemas/admin-second-factor';
import { passkeyCreationOptions, passkeyRequestOptions } from '~/shared/schemas/webauthn';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useStartSession } from './sign-in';

/**
 * The sign-in's second step (the pending sign-in is an HttpOnly cookie the server set with the
 * password's answer): a code, a recovery code or a passkey; or enrolling a first second factor
 * when the site requires one. No CSRF token yet: the server checks the origin, as for sign-in.
 */
/** A 401 in these steps is a wrong code or a timed-out sign-in, not an ended session. */
const meta = { ownsSession: true };

export function finishSecondFactor(input: SecondFactorInput) {
  return adminRequest(adminApi.secondFactor, sessionResponse, { body: input });
}

export function passkeySignInOptions() {
  return adminRequest(adminApi.passkeyOptions, passkeyRequestOptions);
}

export function startEnrolmentTotp() {
  return adminRequest(adminApi.enrolTotp, totpSetup);
}

export function enrolmentPasskeyOptions() {
  return adminRequest(adminApi.enrolPasskeyOptions, passkeyCreationOptions);
}

export function finishEnrolment(input: EnrolmentInput) {
  return adminRequest(adminApi.enrol, enrolledSession, { body: input });
}

export function useFinishSecondFactor() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: finishSecondFactor, meta, onSuccess: startSession });
}

export function useStartEnrolmentTotp() {
  return useMutation({ mutationFn: startEnrolmentTotp, meta });
}

/** The session starts only when the person has seen their recovery codes (the screen calls it). */
export function useFinishEnrolment() {
  return useMutation({ mutationFn: finishEnrolment, meta });
}

export { useStartSession };
