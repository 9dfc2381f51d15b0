import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginBody, type LoginTwoFactorBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

export async function login(body: LoginBody) {
  const { data } = await api.call(authEndpoints.login, { body }, { loading: true });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** The second sign-in step: the challenge of POST /login and the code sent by SMS. */
export async function loginTwoFactor(body: LoginTwoFactorBody) {
  const { data } = await api.call(
    authEndpoints.loginTwoFactor,
    { body },
    { loading: true, skipBadRequestHandling: true },
  );
  return data;
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
