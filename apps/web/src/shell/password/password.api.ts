import {
  type PasswordResetBody,
  type PasswordResetRequestBody,
  type PublicSettings,
  passwordResetEndpoints,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../platform/http';
import { to, useWrite } from '../../platform/write';

/** `GET /api/config/public`: whether the server sends mail, so a forgotten password can be reset by e-mail. */
export const usePublicSettings = () =>
  useQuery({
    queryKey: ['public-settings'],
    queryFn: () => request<PublicSettings>(passwordResetEndpoints.publicSettings),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asks for a reset link; the answer (shown by the page) is the same whether the account exists or not. */
export const useRequestReset = () =>
  useWrite({
    send: (body: PasswordResetRequestBody) => to(passwordResetEndpoints.request, { body }),
    invalidates: [],
    toast: false,
  });

/** Sets the new password with the link's token; the server's text is toasted. */
export const useResetPassword = () =>
  useWrite({
    send: (body: PasswordResetBody) => to(passwordResetEndpoints.confirm, { body }),
    invalidates: [],
  });
