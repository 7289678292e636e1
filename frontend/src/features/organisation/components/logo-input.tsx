// Choosing a company's logo: checked here against the server's rules (type and size) so a wrong
// file is refused before the company is saved; the image is sent after the company itself.
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../api/company-logo';

interface LogoInputProps {
  /** The stored logo (data URL), shown until another file is chosen. */
  current: string | null | undefined;
  onChange: (file: File | null) => void;
}

export function LogoInput({ current, onChange }: LogoInputProps) {
  const { t } = useTranslation('organisation');
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<'validation.logoType' | 'validation.logoSize' | null>(null);

  // The preview's object URL lives as long as the choice.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const wrong = !LOGO_TYPES.includes(file.type)
      ? 'validation.logoType'
      : file.size > LOGO_MAX_BYTES
        ? 'validation.logoSize'
        : null;
    setProblem(wrong);
    setPreview(wrong ? null : URL.createObjectURL(file));
    onChange(wrong ? null : file);
  };

  const shown = preview ?? current ?? undefined;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('company.logo')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={shown} alt={t('company.logo')} sx={{ width: 64, height: 64 }} />
        <Button component="label" variant="outlined" startIcon={<UploadOutlined />}>
          {t('company.chooseLogo')}
          <input
            hidden
            type="file"
            accept={LOGO_TYPES.join(',')}
            aria-label={t('company.logo')}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
      </Stack>
      <FormHelperText error={problem !== null}>{problem ? t(problem) : t('company.logoHint')}</FormHelperText>
    </Stack>
  );
}
