// Browser entry point: small on purpose, so that the app's code, the reader's translations, a
// landing screen's code and, for a returning reader, their session all start loading at once.
// The fonts come after the first screen (app/boot.tsx).
import { preloadLandingScreen } from './app/landing-screens';
import { mayHoldSession } from './lib/csrf-cookie';
import { startEarlyReads } from './lib/early-reads';
import { detectLanguage } from './lib/language';
import { loadTranslations } from './locales/load';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const language = detectLanguage();
// A returning reader will most likely see a signed-in screen: its texts load at once too.
const signedIn = mayHoldSession();
if (signedIn) startEarlyReads(window.location.pathname);
const [{ boot }] = await Promise.all([
  import('./app/boot'),
  loadTranslations(language, signedIn ? ['public', 'signed-in'] : ['public']),
  preloadLandingScreen(window.location.pathname),
]);
await boot(container, language);
