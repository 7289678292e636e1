// The list of languages the language switch opens, a chunk of its own: MUI's menu (with its
// popover, modal and focus trap) is a sixth of /login's MUI and only needed once it is clicked.
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageEndonym } from '@/lib/i18n';
import type { Language } from '@/locales/resources';

interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  current: Language;
  onSelect: (language: Language) => void;
  onClose: () => void;
}

export function LanguageMenu({ id, anchor, current, onSelect, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ list: { 'aria-label': t('language') } }}>
      {LANGUAGES.map((language) => (
        <MenuItem key={language} lang={language} selected={language === current} onClick={() => onSelect(language)}>
          {languageEndonym(language)}
        </MenuItem>
      ))}
    </Menu>
  );
}
