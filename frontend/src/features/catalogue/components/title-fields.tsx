// A title's fields: English, required, then the five other languages in a "Translations" part
// that opens on demand (and by itself when one of them has a problem). Each text is typed in
// its own script's direction, whatever the page's.
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { languageEndonym } from '@/lib/i18n';
import type { Language } from '@/locales/resources';
import { TITLE_MAX } from './rules';
import { TRANSLATIONS } from './titles';

interface TitleFieldsProps {
  /** The English field's label ("Title", "Name"). */
  label: string;
  /** The form's registration of one language's text. */
  field: (language: Language) => UseFormRegisterReturn;
  /** One language's problem, if any. */
  error: (language: Language) => string | undefined;
  autoFocus?: boolean;
}

export function TitleFields({ label, field, error, autoFocus = false }: TitleFieldsProps) {
  const { t, i18n } = useTranslation('catalogue');
  const summaryId = useId();
  const [opened, setOpened] = useState(false);
  const translationProblem = TRANSLATIONS.some((language) => error(language) !== undefined);
  const expanded = opened || translationProblem;
  const text = (language: Language) => ({
    lang: language,
    dir: i18n.dir(language),
    maxLength: TITLE_MAX,
  });
  return (
    <Stack spacing={1}>
      <TextField
        {...field('en')}
        label={label}
        required
        autoFocus={autoFocus}
        autoComplete="off"
        slotProps={{ htmlInput: text('en') }}
        error={error('en') !== undefined}
        helperText={error('en') ?? t('form.englishHint')}
      />
      <Accordion
        expanded={expanded}
        onChange={(_event, open) => setOpened(open)}
        disableGutters
        variant="outlined"
        sx={{ '&::before': { display: 'none' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreOutlined />} id={summaryId}>
          <Stack>
            <Typography>{t('form.translations')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('form.translationsHint')}
            </Typography>
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={2}>
            {TRANSLATIONS.map((language) => (
              <TextField
                key={language}
                {...field(language)}
                label={languageEndonym(language)}
                autoComplete="off"
                slotProps={{ htmlInput: text(language) }}
                error={error(language) !== undefined}
                helperText={error(language)}
              />
            ))}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
