// A game's sign-in link (`/login?token=…`): the one-time token the game handed over, exchanged
// for the same answer a password sign-in gets. Until the generated client has POST
// /api/v1/auth/game (issue 14), a thin typed call through the same fetch mutator stands in;
// switch to the generated `useGameLogin`/`gameLogin` once they exist.
import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@/api/gen/playtrack.schemas';
import { apiFetch } from '@/lib/api-client';

export interface GameLoginRequest {
  token: string;
}

export function gameLogin(body: GameLoginRequest, options?: RequestInit): Promise<LoginResponse> {
  const headers = new Headers(options?.headers);
  headers.set('Content-Type', 'application/json');
  return apiFetch<LoginResponse>('/api/v1/auth/game', {
    ...options,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

export function useGameLogin() {
  return useMutation({
    mutationKey: ['gameLogin'],
    mutationFn: (body: GameLoginRequest) => gameLogin(body),
  });
}
