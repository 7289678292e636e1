// Retiring a level (it takes no new attempts; its history stays in the reports) or putting it
// back in play: the level saved as it is but for `retired`, and a toast saying so.
import { useTranslation } from 'react-i18next';
import type { Level } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { useUpdateLevel } from '../api/catalogue';
import { levelInput } from '../components/level-schema';

export function useRetireLevel(name: (level: Level) => string) {
  const { t } = useTranslation('catalogue');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const update = useUpdateLevel();
  return (level: Level, retired: boolean) => {
    update.mutate(
      { id: level.id, data: levelInput(level, { retired }) },
      {
        onSuccess: () =>
          notify({ severity: 'success', message: t(retired ? 'level.retiredDone' : 'level.restoredDone', { name: name(level) }) }),
        onError: (error) => notify({ severity: 'error', message: problemMessage(error) }),
      },
    );
  };
}
