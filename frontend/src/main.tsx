// Browser entry point.
// Roboto's Latin subset covers en/it/es/fr; Arabic and Chinese text falls back to system fonts
// listed in the theme.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreens } from './app/router';
import { detectLanguage, showLanguage } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is already in the reader's language: its translations come first, with the
// code of the screen the address names.
await Promise.all([showLanguage(detectLanguage()), preloadScreens(window.location.pathname)]);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
