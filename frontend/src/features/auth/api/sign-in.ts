// The steps of a sign-in after the password: each carries the challenge from the step before
// in the seed's `session-token` header.
import { useMutation } from '@tanstack/react-query';
import { acceptEula, declineEula, resendOtp, verifyOtp } from '@/api/gen/auth/auth';

/** Sign-in e-mails are sent trimmed and lower-cased, as the server keeps them. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const CHALLENGE_HEADER = 'session-token';

function withChallenge(challenge: string): RequestInit {
  return { headers: { [CHALLENGE_HEADER]: challenge } };
}

export function useVerifyOtpStep() {
  return useMutation({
    mutationFn: ({ challenge, otp }: { challenge: string; otp: string }) =>
      verifyOtp({ otp }, withChallenge(challenge)),
  });
}

export function useResendOtpStep() {
  return useMutation({
    mutationFn: (challenge: string) => resendOtp(withChallenge(challenge)),
  });
}

export function useAcceptEulaStep() {
  return useMutation({
    mutationFn: (challenge: string) => acceptEula(withChallenge(challenge)),
  });
}

export function useDeclineEulaStep() {
  return useMutation({
    mutationFn: (challenge: string) => declineEula(withChallenge(challenge)),
  });
}
