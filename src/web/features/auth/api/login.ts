import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import type { LoginInput } from '#shared/validation.ts';
import { apiJson } from '../../../lib/api.ts';

export function login(input: LoginInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
