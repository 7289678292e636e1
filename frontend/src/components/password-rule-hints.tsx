// Live hints under a new-password field: one line per rule of the policy, red with a cross
// until it is met, then green with a tick. Each line carries its state in `data-met` and, for
// screen readers, in the icon's title.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicy, PasswordRule, Verdict } from '@/lib/password-policy';

interface PasswordRuleHintsProps {
  id?: string;
  policy: PasswordPolicy;
  verdicts: readonly Verdict[];
  /** Rules not to show, such as NO_PERSONAL_INFO when whose password it is is not known. */
  hidden?: readonly PasswordRule[];
}

export function PasswordRuleHints({ id, policy, verdicts, hidden = [] }: PasswordRuleHintsProps) {
  const { t } = useTranslation('passwords');
  const titleId = useId();
  const shown = verdicts.filter(({ rule }) => !hidden.includes(rule));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={titleId} variant="body2" color="text.secondary" component="p">
        {t('rules.title')}
      </Typography>
      <Box
        component="ul"
        id={id}
        aria-labelledby={titleId}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
      >
        {shown.map(({ rule, met }) => (
          <Box
            component="li"
            key={rule}
            data-rule={rule}
            data-met={String(met)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 0.25,
              color: met ? 'success.main' : 'error.main',
            }}
          >
            {met ? (
              <CheckCircleOutlined fontSize="small" titleAccess={t('rules.met')} />
            ) : (
              <CancelOutlined fontSize="small" titleAccess={t('rules.unmet')} />
            )}
            <Typography variant="body2" component="span">
              {t(`rules.${rule}`, { min: policy.minimum_length, max: policy.maximum_length })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
