import {
  type RecoveryCodes,
  type SessionView,
  securityEndpoints,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../platform/current-user';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import { to, useWrite } from '../platform/write';

/** The account's own second factor and sessions (docs/product/access.md, "Two-factor sign-in", "Sessions"). */
export const securityKeys = {
  twoFactor: [...queryRoots.me, 'two-factor'] as const,
  sessions: [...queryRoots.me, 'sessions'] as const,
};

export const useTwoFactor = () =>
  useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: () => request<TwoFactorStatus>(securityEndpoints.twoFactor),
  });

/** A new secret waiting for its first code: the QR image and the secret as text. */
export const useBeginSetUp = () =>
  useWrite<void, TwoFactorSetup>({
    send: () => to(securityEndpoints.twoFactorSetup),
    invalidates: [],
    toast: false,
  });

/** The first right code turns it on; the answer holds the recovery codes, shown once. */
export const useConfirmSetUp = () =>
  useWrite<TwoFactorConfirmBody, RecoveryCodes>({
    send: (body) => to(securityEndpoints.twoFactorConfirm, { body }),
    invalidates: [securityKeys.twoFactor, CURRENT_USER_KEY],
  });

export const useDisableTwoFactor = () =>
  useWrite<TwoFactorDisableBody>({
    send: (body) => to(securityEndpoints.twoFactorDisable, { body }),
    invalidates: [securityKeys.twoFactor, CURRENT_USER_KEY],
  });

export const useSessions = () =>
  useQuery({
    queryKey: securityKeys.sessions,
    queryFn: () => request<{ list: SessionView[] }>(securityEndpoints.sessions),
  });

export const useEndSession = () =>
  useWrite<string>({
    send: (id) => to(securityEndpoints.endSession, { params: { id } }),
    invalidates: [securityKeys.sessions],
  });

export const useEndOtherSessions = () =>
  useWrite({ send: () => to(securityEndpoints.endOtherSessions), invalidates: [securityKeys.sessions] });
