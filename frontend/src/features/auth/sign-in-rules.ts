// The checks of the sign-in forms (password and SSO) before they ask the server. They do without
// zod, which /login would otherwise load before its form shows. Messages are `auth` keys,
// translated where they are shown; the address is sent through `normaliseEmail`, which trims it.
import { emailProblem } from '@/lib/email-pattern';

const EMAIL_MESSAGES = { required: 'signIn.emailRequired', invalid: 'signIn.emailInvalid' } as const;

const MESSAGE_KEYS = ['signIn.emailRequired', 'signIn.emailInvalid', 'signIn.passwordRequired'] as const;

/** Whether a field's message is one of these checks' keys (else the server's, translated). */
export function isSignInMessageKey(message: string): message is (typeof MESSAGE_KEYS)[number] {
  return (MESSAGE_KEYS as readonly string[]).includes(message);
}

export const emailRules = {
  validate: (email: string) => {
    const problem = emailProblem(email);
    return problem === undefined || EMAIL_MESSAGES[problem];
  },
};

export const passwordRules = { required: 'signIn.passwordRequired' } as const;
