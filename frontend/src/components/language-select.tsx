// Language switch for the public pages and the shell header; each language is named in its own script.
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isLanguage, LANGUAGES, languageEndonym } from '@/lib/i18n';
import type { Language } from '@/locales/resources';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {languageEndonym(current)}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('language') } }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            onClick={() => select(language)}
          >
            {languageEndonym(language)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
