// Timing and layout constants of the portal, as the seed fixes them (spec §9).

/** Without mouse, key, scroll, click or load activity for this long, a signed-in user is signed out. */
export const IDLE_TIMEOUT_MS = 60_000_000;

/** Pause between a successful sign-in (password, OTP, EULA, setup) and opening the dashboard. */
export const REDIRECT_DELAY_MS = 2_000;

/** Below this window width the sidebar becomes a drawer opened from the header (the seed's breakpoint). */
export const SIDEBAR_BREAKPOINT_PX = 992;

/** How long a toast stays before it closes itself. */
export const NOTIFICATION_AUTO_HIDE_MS = 6_000;
