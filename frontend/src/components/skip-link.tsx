// The keyboard's first stop on every page: a link, out of sight until it has the focus, that
// moves the focus past the header and navigation to the page's <main>. The layouts give their
// <main> the id MAIN_CONTENT_ID and tabIndex -1 (focusable by script, not by Tab).
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      // Focus rather than follow the fragment: the router would take the new hash for a
      // navigation, and the back button would step through it.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        insetInlineStart: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 4,
        bgcolor: 'background.paper',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('skipToContent')}
    </Link>
  );
}
