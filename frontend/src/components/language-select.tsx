// Language switch for the public pages and the shell header; each language is named in its own script.
// The menu's code loads when a pointer or the keyboard reaches the button, ahead of the click.
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isLanguage, languageEndonym } from '@/lib/i18n';
import type { Language } from '@/locales/resources';

const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(async () => ({ default: (await loadLanguageMenu()).LanguageMenu }));

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted, so that it closes with its transition.
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';

  const select = (language: Language) => {
    setAnchor(null);
    void chooseLanguage(language);
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('currentLanguage', { language: languageEndonym(current) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadLanguageMenu()}
        onPointerDown={() => void loadLanguageMenu()}
        onFocus={() => void loadLanguageMenu()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        {languageEndonym(current)}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} current={current} onSelect={select} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
