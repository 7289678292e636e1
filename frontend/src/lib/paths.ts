// Paths that code outside the router must name (redirect targets, links out of dead ends).

export const SIGN_IN_PATH = '/signin';
export const ACCESS_DENIED_PATH = '/access-denied';
/** Where a signed-in user starts, and where unknown paths lead. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard/crm';
