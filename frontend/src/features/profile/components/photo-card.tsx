// The person's photo, or their initials while they have none: a new photo replaces it (the
// server reads its type from the bytes and keeps a small JPEG), and it is deleted after asking.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoto } from '@/lib/photo';
import { PHOTO_TYPES, useDeletePhoto, useUploadPhoto } from '../api/profile';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { TitledCard } from '@/components/titled-card';
import { ApiError, problemCode } from '@/lib/api-client';
import { initialsOf } from '@/lib/initials';
import { useProblemMessage } from '@/lib/problem-message';

const AVATAR_SIZE = 128;

/** Why a photo was refused, in the reader's language: what is wrong with it, as the server says. */
function useRefusalMessage() {
  const { problemMessage, fieldMessage } = useProblemMessage();
  return (error: unknown): string => {
    // Over the size limit, refused here or by the server before it read the photo.
    if (problemCode(error) === 'PAYLOAD_TOO_LARGE') return fieldMessage('PHOTO_SIZE');
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      return error.fieldErrors.map(({ code }) => fieldMessage(code)).join(' ');
    }
    return problemMessage(error);
  };
}

export function PhotoCard({ name }: { name: string }) {
  const { t } = useTranslation('profile');
  const { problemMessage } = useProblemMessage();
  const refusalMessage = useRefusalMessage();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const stored = usePhoto();
  const [askingDelete, setAskingDelete] = useState(false);
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: () => notify({ severity: 'success', message: t('photo.uploaded') }) });
  };

  const closeDelete = () => {
    setAskingDelete(false);
    remove.reset();
  };

  return (
    <TitledCard title={t('photo.title')} heading="h2">
      <Stack spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Avatar
          src={stored.data ?? undefined}
          alt={t('photo.of', { name })}
          sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: AVATAR_SIZE / 3, bgcolor: 'secondary.main' }}
        >
          {initialsOf(name)}
        </Avatar>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<UploadOutlined />}
            loading={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t('photo.upload')}
          </Button>
          <input
            ref={fileInput}
            hidden
            type="file"
            accept={PHOTO_TYPES.join(',')}
            aria-label={t('photo.file')}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file may be chosen again (after fixing it, say).
              event.target.value = '';
            }}
          />
          {stored.data && (
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setAskingDelete(true)}>
              {t('photo.delete')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('photo.hint')}
        </Typography>
        {upload.isError && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {refusalMessage(upload.error)}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        open={askingDelete}
        title={t('photo.deleteTitle')}
        body={t('photo.deleteBody')}
        confirmLabel={t('photo.delete')}
        pending={remove.isPending}
        error={remove.isError ? problemMessage(remove.error) : undefined}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              closeDelete();
              upload.reset();
              notify({ severity: 'success', message: t('photo.deleted') });
            },
          })
        }
        onClose={closeDelete}
      />
    </TitledCard>
  );
}
