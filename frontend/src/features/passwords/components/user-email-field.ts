// The e-mail of the user an admin acts for (reset link, invitation): required and an address,
// with the seed's messages (`passwords` keys, translated where shown).
import { z } from 'zod';

export const userEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'admin.emailRequired' })
    .pipe(z.email({ error: 'admin.emailInvalid' })),
});

export type UserEmailMessage = 'admin.emailRequired' | 'admin.emailInvalid';

export function isUserEmailMessage(message: string): message is UserEmailMessage {
  return message === 'admin.emailRequired' || message === 'admin.emailInvalid';
}
