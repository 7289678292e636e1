// Leaving the portal for the game: its loopback or custom-scheme redirect URI, carrying the code
// or the error. A full navigation of the browser, never the router; a module of its own so the
// tests can stand in for the browser, which cannot leave the test page.

export function returnToGame(url: string): void {
  window.location.assign(url);
}
