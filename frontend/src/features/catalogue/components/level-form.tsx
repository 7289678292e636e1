// `/main/levelData/add` (`?chapter=` picks the chapter) and `/main/levelData/edit?id=`: a level's
// chapter, number, title in the six languages, maximum score, difficulty and the skills it
// trains, each with the most points it can earn here (a newly chosen skill starts at an even
// share of the maximum score, following it until the reader types its own); an edited level can
// also be retired or put back in play. The checks mirror the server's, whose field problems show
// on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Catalogue, Level, LevelInput } from '@/api/gen/playtrack.schemas';
import { FormFrame } from '@/components/form-frame';
import { BackToList, LoadingRecord } from '@/components/loading-record';
import { ReferenceSelectField } from '@/components/reference-select';
import { useFormSave } from '@/lib/use-form-save';
import { CATALOGUE_KEY, createLevel, updateLevel, useGetCatalogue } from '../api/catalogue';
import {
  DIFFICULTIES,
  evenShares,
  LEVEL_FIELDS,
  levelDefaults,
  type LevelFormValues,
  onLevelFormFields,
  skillMaxPath,
  typedMaxScore,
  useLevelSchema,
} from './level-schema';
import { NUMBER_MAX, SKILLS_MAX } from './rules';
import { SkillMaximaFields } from './skill-maxima-fields';
import { TitleFields } from './title-fields';
import { useTitleText } from './titles';

interface LevelFormProps {
  catalogue: Catalogue;
  /** The level edited; a new one is added without. */
  level?: Level;
  /** A new level's chapter, when the screen was opened from one. */
  chapterId?: string;
}

function LevelForm({ catalogue, level, chapterId }: LevelFormProps) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation('common');
  const titleText = useTitleText();
  const form = useForm<LevelFormValues, unknown, LevelInput>({
    resolver: zodResolver(useLevelSchema()),
    defaultValues: levelDefaults(level, chapterId),
  });
  const { register, control, formState, getValues, setValue } = form;
  const { errors } = formState;
  const skillFields: Path<LevelFormValues>[] = catalogue.skills.map(({ id }) => skillMaxPath(id));
  const { onSubmit, pending, failureMessage, dirty } = useFormSave(
    form,
    async (data: LevelInput) => {
      try {
        return await (level ? updateLevel(level.id, data) : createLevel(data));
      } catch (error) {
        // A maximum's problem (`skills.<id>`, `skill_max_points.<id>`) on its skill's field.
        throw onLevelFormFields(error);
      }
    },
    { fields: [...LEVEL_FIELDS, ...skillFields], invalidates: () => [CATALOGUE_KEY], message: t('level.saved') },
  );

  // The skills whose maximum is the even share (chosen here, not typed since): they follow the
  // maximum score and the set of skills. An edited level's own maxima stay as saved.
  const evenShared = useRef(new Set<string>());
  const shareOut = (skills: readonly string[]) => {
    const maxScore = typedMaxScore(getValues('max_score'));
    const shares = maxScore === undefined ? undefined : evenShares(maxScore, skills);
    for (const id of skills) {
      if (!evenShared.current.has(id)) continue;
      const share = shares?.get(id);
      setValue(skillMaxPath(id), share === undefined ? '' : String(share), {
        shouldValidate: formState.isSubmitted,
      });
    }
  };
  const maxScoreField = register('max_score');
  const chooseSkills = (skills: string[]) => {
    const before = getValues('skills');
    for (const id of skills) if (!before.includes(id)) evenShared.current.add(id);
    for (const id of before) if (!skills.includes(id)) evenShared.current.delete(id);
    const typed = getValues('skill_max');
    setValue('skill_max', Object.fromEntries(skills.map((id) => [id, typed[id] ?? ''])));
    shareOut(skills);
  };

  const chapters = [...catalogue.chapters]
    .sort((a, b) => a.number - b.number)
    .map(({ id, number, title }) => ({ id, name: t('chapter.label', { number, title: titleText(title) }) }));
  const skillNames = new Map(catalogue.skills.map(({ id, name }) => [id, titleText(name)]));
  const skillIds = [...skillNames.keys()].sort((a, b) => (skillNames.get(a) ?? '').localeCompare(skillNames.get(b) ?? ''));
  const difficulties = DIFFICULTIES.map((difficulty) => ({ id: difficulty, name: t(`difficulty.${difficulty}`) }));

  return (
    <FormFrame
      title={t(level ? 'level.editTitle' : 'level.addTitle')}
      submitLabel={t('form.save')}
      submitting={pending}
      dirty={dirty}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ReferenceSelectField control={control} name="chapter_id" label={t('level.chapter')} required options={chapters} />
      <TextField
        {...register('number')}
        label={t('level.number')}
        required
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={errors.number !== undefined}
        helperText={errors.number?.message ?? t('level.numberHint', { max: NUMBER_MAX })}
      />
      <TitleFields
        label={t('level.title')}
        field={(language) => register(`title.${language}`)}
        error={(language) => errors.title?.[language]?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...maxScoreField}
          onChange={(event) => {
            void maxScoreField.onChange(event);
            shareOut(getValues('skills'));
          }}
          label={t('level.maxScore')}
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={errors.max_score !== undefined}
          helperText={errors.max_score?.message ?? t('level.maxScoreHint')}
        />
        <ReferenceSelectField
          control={control}
          name="difficulty"
          label={t('level.difficulty')}
          required
          fullWidth
          options={difficulties}
        />
      </Stack>
      <Controller
        control={control}
        name="skills"
        render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
          <Autocomplete
            multiple
            options={skillIds}
            getOptionLabel={(id) => skillNames.get(id) ?? ''}
            value={value}
            onChange={(_event, ids) => {
              chooseSkills(ids);
              onChange(ids);
            }}
            onBlur={onBlur}
            noOptionsText={t('level.noSkills')}
            clearText={t('level.clearSkills')}
            openText={t('level.openSkills')}
            closeText={common('close')}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={ref}
                label={t('level.skills')}
                required
                error={error !== undefined}
                helperText={error?.message ?? t('level.skillsHint', { max: SKILLS_MAX })}
              />
            )}
          />
        )}
      />
      <SkillMaximaFields
        control={control}
        skillNames={skillNames}
        onTyped={(id) => evenShared.current.delete(id)}
      />
      {level && (
        <Controller
          control={control}
          name="retired"
          render={({ field: { value, onChange, onBlur } }) => (
            <Stack>
              <FormControlLabel
                control={<Checkbox checked={value} onChange={(_event, on) => onChange(on)} onBlur={onBlur} />}
                label={t('level.retired')}
              />
              <FormHelperText sx={{ mt: 0 }}>{t('level.retiredHint')}</FormHelperText>
            </Stack>
          )}
        />
      )}
      {failureMessage !== undefined && <Alert severity="error">{failureMessage}</Alert>}
    </FormFrame>
  );
}

/** `/main/levelData/add`: the form once the catalogue is here. */
export function LevelAddPage() {
  const [search] = useSearchParams();
  const catalogue = useGetCatalogue();
  return (
    <LoadingRecord query={catalogue}>
      {(found) => <LevelForm catalogue={found} chapterId={search.get('chapter') ?? ''} />}
    </LoadingRecord>
  );
}

/** `/main/levelData/edit?id=`: a level the catalogue does not hold sends the reader back to it. */
export function LevelEditPage() {
  const [search] = useSearchParams();
  const id = search.get('id');
  const catalogue = useGetCatalogue();
  return (
    <LoadingRecord query={catalogue}>
      {(found) => {
        const level = found.levels.find((candidate) => candidate.id === id);
        return level ? <LevelForm key={level.id} catalogue={found} level={level} /> : <BackToList to=".." />;
      }}
    </LoadingRecord>
  );
}
