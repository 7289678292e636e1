// A value shown to be copied, such as a secret or a link that is shown once: read-only, read
// left to right in every language in a font that tells 0 from O, with a button that copies it
// and says whether that worked.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's name ("Copy secret"). */
  copyLabel: string;
  copiedMessage: string;
  /** Said when the browser would not copy: the reader then copies it by hand. */
  failedMessage: string;
}

type Copy = 'idle' | 'copied' | 'failed';

export function CopyField({ label, value, copyLabel, copiedMessage, failedMessage }: CopyFieldProps) {
  const [copy, setCopy] = useState<Copy>('idle');

  const copyValue = () => {
    // Outside a secure context the browser has no clipboard API: that failure is said too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(
        () => setCopy('copied'),
        () => setCopy('failed'),
      );
  };

  return (
    <>
      <TextField
        label={label}
        value={value}
        fullWidth
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: {
            readOnly: true,
            dir: 'ltr',
            spellCheck: false,
            style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copyLabel}>
                  <IconButton aria-label={copyLabel} onClick={copyValue} edge="end">
                    <ContentCopyOutlined />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {copy === 'copied' && (
        <Alert severity="success" role="status">
          {copiedMessage}
        </Alert>
      )}
      {copy === 'failed' && <Alert severity="error">{failedMessage}</Alert>}
    </>
  );
}
