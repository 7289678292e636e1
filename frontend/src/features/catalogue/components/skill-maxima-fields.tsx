// A level's skill maxima: beside each skill it trains, the most points that skill can earn in one
// play ("Max points"), with what the numbers mean and, when they do not add up to the level's
// maximum score, a note saying so (allowed, but worth seeing).
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LevelInput } from '@/api/gen/playtrack.schemas';
import { type LevelFormValues, skillMaxPath, typedMaxScore } from './level-schema';
import { useFormats } from '@/lib/formats';

interface SkillMaximaFieldsProps {
  control: Control<LevelFormValues, unknown, LevelInput>;
  /** Each skill's name in the reader's language. */
  skillNames: ReadonlyMap<string, string>;
  /** Called when the reader types a skill's maximum (it is then no longer an even share). */
  onTyped: (skillId: string) => void;
}

export function SkillMaximaFields({ control, skillNames, onTyped }: SkillMaximaFieldsProps) {
  const { t } = useTranslation('catalogue');
  const baseId = useId();
  const { number } = useFormats();
  const skills = useWatch({ control, name: 'skills' });
  const typed = useWatch({ control, name: 'skill_max' });
  const maxScore = typedMaxScore(useWatch({ control, name: 'max_score' }));
  if (skills.length === 0) return null;

  const maxima = skills.map((id) => typedMaxScore(typed[id]));
  const sum = maxima.every((value) => value !== undefined) ? maxima.reduce((a, b) => a + b, 0) : undefined;
  // Not while a maximum is above the maximum score: its field says what is wrong then.
  const uneven =
    maxScore !== undefined &&
    sum !== undefined &&
    sum !== maxScore &&
    maxima.every((value) => value !== undefined && value <= maxScore);

  return (
    <Stack spacing={1} role="group" aria-labelledby={`${baseId}-title`} aria-describedby={`${baseId}-hint`}>
      <Typography id={`${baseId}-title`} variant="subtitle2" component="h2">
        {t('level.skillMaxima')}
      </Typography>
      {skills.map((id) => {
        const fieldId = `${baseId}-${id}`;
        return (
          <Controller
            key={id}
            control={control}
            name={skillMaxPath(id)}
            render={({ field: { ref, value, onChange, onBlur, name }, fieldState: { error } }) => (
              <Stack spacing={0.5}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography
                    id={`${fieldId}-name`}
                    dir="auto"
                    title={skillNames.get(id)}
                    // The name reads in its own direction, at the page's start ("left" turns to
                    // right in a right-to-left page, as the styles are flipped there).
                    sx={{
                      flex: 1,
                      minWidth: 0,
                      textAlign: 'left',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {skillNames.get(id)}
                  </Typography>
                  <TextField
                    id={fieldId}
                    inputRef={ref}
                    name={name}
                    value={value}
                    onChange={(event) => {
                      onTyped(id);
                      onChange(event.target.value);
                    }}
                    onBlur={onBlur}
                    label={t('level.maxPoints')}
                    size="small"
                    autoComplete="off"
                    error={error !== undefined}
                    sx={{ width: { xs: 150, sm: 200 }, flexShrink: 0 }}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        // "Negotiation Max points": which skill the field is for.
                        'aria-labelledby': `${fieldId}-name ${fieldId}-label`,
                        'aria-describedby': error ? `${fieldId}-error` : undefined,
                      },
                    }}
                  />
                </Stack>
                {/* Under the whole row: the message is longer than the field is wide. */}
                {error && (
                  <FormHelperText id={`${fieldId}-error`} error sx={{ mt: 0, textAlign: 'right' }}>
                    {error.message}
                  </FormHelperText>
                )}
              </Stack>
            )}
          />
        );
      })}
      <FormHelperText id={`${baseId}-hint`} sx={{ mt: 0 }}>
        {t('level.skillMaxHint')}
      </FormHelperText>
      {/* Always there, so a screen reader hears the note when it appears. */}
      <div role="status">
        {uneven && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'info.main' }}>
            <InfoOutlined fontSize="small" sx={{ mt: '2px' }} />
            <Typography variant="body2">
              {t('level.skillMaxSum', { sum: number(sum), max: number(maxScore) })}
            </Typography>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
