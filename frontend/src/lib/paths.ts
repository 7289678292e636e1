// Paths that code outside the router must name (redirect targets, links out of dead ends).
import type { Role } from './session';

/** The default entry for an anonymous visitor (the seed's root rule). */
export const SIGN_IN_PATH = '/signin';
/** Where a sign-in that failed or ended starts again (the seed's redirects name /login). */
export const LOGIN_PATH = '/login';
export const VERIFY_OTP_PATH = '/verify-otp';
export const RESET_PASSWORD_PATH = '/reset-password';
export const LOGOUT_PATH = '/logout';
export const SESSION_WRONG_PATH = '/session-wrong';
export const ACCESS_DENIED_PATH = '/access-denied';
/** Where a signed-in user starts, and where unknown paths lead. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard/crm';

/** The route group of each role's own screens. */
export const ROLE_PREFIX = { SUPER_ADMIN: 'main', COMPANY_ADMIN: 'companyadmin', USER: 'user' } as const satisfies Record<
  Role,
  string
>;

export type RolePrefix = (typeof ROLE_PREFIX)[Role];

/** Everyone's own profile, in their role's route group. */
export function profilePath(prefix: RolePrefix): string {
  return `/${prefix}/profile/basic-info`;
}
