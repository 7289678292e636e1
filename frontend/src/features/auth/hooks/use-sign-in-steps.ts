// What every sign-in page does with the server's answer: open the session and go to the
// dashboard (or the sign-in's safe `?next=` path) after REDIRECT_DELAY_MS, go on to the OTP
// page, or show the EULA.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { EulaChallenge, LoginResponse, SessionGrant } from '@/api/gen/playtrack.schemas';
import { REDIRECT_DELAY_MS } from '@/lib/constants';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH, VERIFY_OTP_PATH } from '@/lib/paths';
import { withNext } from '@/lib/safe-next-path';
import { clearChallenge, setChallenge, startSession } from '@/lib/session';
import { announce } from '@/lib/session-channel';

/** Why the sign-in page was opened again; it says so above the form. */
export type SignInNotice =
  | 'eulaDeclined'
  | 'challengeExpired'
  | 'tooManyTries'
  | 'noChallenge'
  | 'signedOut'
  | 'idleSignedOut'
  /** The forgot-password form was sent (whatever the address). */
  | 'resetLinkSent'
  /** A reset or invitation link that was used, expired or never existed. */
  | 'linkExpired'
  | 'passwordChanged';

export interface SignInPageState {
  notice?: SignInNotice;
}

export interface VerifyOtpPageState {
  /** When the first code may be asked for again, from the `otp_required` answer. */
  resendAfterSeconds?: number;
  /** The sign-in's `?next=` path, already checked by safeNextPath (check it again on reading). */
  next?: string;
}

/** Back to the sign-in page, with the reason shown there; a sign-in's `next` goes along. */
export function useBackToSignIn(next?: string) {
  const navigate = useNavigate();
  return useCallback(
    (notice?: SignInNotice) => {
      clearChallenge();
      const state: SignInPageState = { notice };
      void navigate(withNext(LOGIN_PATH, next), { replace: true, state });
    },
    [navigate, next],
  );
}

/** Keeps the session, then opens `next` (a path safeNextPath allowed) or the dashboard after
 * the seed's pause. */
export function useFinishSignIn(next?: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [finished, setFinished] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const finish = useCallback(
    (grant: SessionGrant) => {
      // Nothing cached for someone else (an earlier user of this tab) may show.
      queryClient.clear();
      const { id, name, email, role } = grant.user;
      startSession({ id, name, email, role });
      // The other tabs share the new session cookie, whoever they thought was signed in.
      announce({ type: 'signed-in', user: { id, name, email, role } });
      setFinished(true);
      timer.current = window.setTimeout(() => {
        void navigate(next ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
      }, REDIRECT_DELAY_MS);
    },
    [navigate, next, queryClient],
  );

  return { finish, finished };
}

/** Follows a LoginResponse (from the password, the OTP step or a game's link) to the next step;
 * `next` (a path safeNextPath allowed) is where a completed sign-in goes, the OTP page too. */
export function useSignInSteps(next?: string) {
  const navigate = useNavigate();
  const { finish, finished } = useFinishSignIn(next);
  const [eula, setEula] = useState<EulaChallenge | null>(null);

  const complete = useCallback(
    (grant: SessionGrant) => {
      setEula(null);
      finish(grant);
    },
    [finish],
  );

  const follow = useCallback(
    (response: LoginResponse) => {
      switch (response.status) {
        case 'session':
          complete(response);
          break;
        case 'otp_required': {
          setChallenge(response.challenge);
          const state: VerifyOtpPageState = { resendAfterSeconds: response.resend_after_seconds, next };
          void navigate(VERIFY_OTP_PATH, { state });
          break;
        }
        case 'eula_required':
          // An OTP challenge is spent once the EULA step has its own.
          clearChallenge();
          setEula(response);
          break;
      }
    },
    [complete, navigate, next],
  );

  const closeEula = useCallback(() => setEula(null), []);

  return { follow, complete, finished, eula, closeEula };
}
