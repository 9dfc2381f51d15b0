import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@portal/contracts';
import { api } from '@/lib/api-client';

export async function login(body: LoginBody) {
  const { data } = await api.post<LoginResult>('/login', body, { loading: true });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
