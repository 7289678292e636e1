import { canHydrate, PRERENDERED_ATTRIBUTE } from './prerendered';

function prerenderedRoot(language = 'en'): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute(PRERENDERED_ATTRIBUTE, language);
  return root;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('canHydrate', () => {
  it("takes over the prerendered sign-in page in the reader's language with the default look", () => {
    window.history.replaceState(null, '', '/login?next=%2Fuser%2Freports');
    expect(canHydrate(prerenderedRoot(), 'en')).toBe(true);
    expect(canHydrate(prerenderedRoot('ar'), 'ar')).toBe(true);
  });

  it('renders afresh where the page would differ', () => {
    window.history.replaceState(null, '', '/login');
    expect(canHydrate(document.createElement('div'), 'en')).toBe(false);
    expect(canHydrate(prerenderedRoot('en'), 'ar')).toBe(false);

    localStorage.setItem('playtrack.theme', 'dark');
    expect(canHydrate(prerenderedRoot(), 'en')).toBe(false);
    localStorage.clear();

    window.history.replaceState(null, '', '/login?colour-theme=orange');
    expect(canHydrate(prerenderedRoot(), 'en')).toBe(false);

    window.history.replaceState(null, '', '/login?token=abc');
    expect(canHydrate(prerenderedRoot(), 'en')).toBe(false);

    window.history.replaceState({ usr: { notice: 'signedOut' } }, '', '/login');
    expect(canHydrate(prerenderedRoot(), 'en')).toBe(false);
  });
});
