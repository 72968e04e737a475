import type { Endpoint } from '@app/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { feedback } from './feedback';
import { type CallInput, call, type OptionalIfNoParams } from './http';
import { IdempotencyKeys } from './idempotency-keys';

/** One call a write makes: built by `to`, which checks the endpoint's `:name` values. */
export interface WriteCall {
  target: Endpoint;
  input?: CallInput<string>;
}

export const to = <P extends string>(target: Endpoint<P>, ...[input]: OptionalIfNoParams<P>): WriteCall => ({
  target,
  input: input as CallInput<string> | undefined,
});

export interface WriteOptions<V, T> {
  /** The call one submission makes. */
  send: (vars: V) => WriteCall;
  /** What the write changes: query keys to refresh ('all': everything cached), or a function of the answer. */
  invalidates: 'all' | readonly QueryKey[] | ((data: T, vars: V) => readonly QueryKey[]);
  /** What the answer itself carries, taken in before the refresh (a fresh token, the new copy of what was saved). */
  onAnswer?: (data: T, vars: V) => void;
  /**
   * Money-moving writes send an Idempotency-Key that lives as long as the calling form or dialog is mounted
   * (IdempotencyKeys): a resubmit after a timeout or a lost answer replays the first answer on the server.
   * The scope keeps independent actions of one component apart (default: the call's path).
   */
  idempotent?: boolean | ((vars: V) => string);
  /** false when the caller shows the outcome itself (a started job's progress, a refusal under a field). */
  toast?: boolean;
}

/**
 * Every write of the web app goes through here: send → toast the server's translated success text →
 * refresh what changed. A refusal is toasted by `send` (unless the call is `quiet`) and rejects.
 */
export function useWrite<V = void, T = unknown>({
  send,
  invalidates,
  idempotent,
  toast = true,
  onAnswer,
}: WriteOptions<V, T>) {
  const client = useQueryClient();
  const [keys] = useState(() => new IdempotencyKeys());
  return useMutation({
    mutationFn: async (vars: V) => {
      const made = send(vars);
      const { target, input = {} } = made;
      const once = (headers?: Record<string, string>) =>
        call<T>(target, { ...input, headers: { ...input.headers, ...headers } } as CallInput<string>);
      const envelope = idempotent
        ? await keys.run(typeof idempotent === 'function' ? idempotent(vars) : writeScope(made), (key) =>
            once({ 'Idempotency-Key': key }),
          )
        : await once();
      if (toast) feedback.message.success(envelope.msg);
      return envelope.data;
    },
    onSuccess: (data, vars) => {
      onAnswer?.(data, vars);
      if (invalidates === 'all') return client.invalidateQueries();
      const queryKeys = typeof invalidates === 'function' ? invalidates(data, vars) : invalidates;
      return Promise.all(queryKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

const writeScope = ({ target, input }: WriteCall) =>
  `${target.method} ${target.path} ${JSON.stringify(input?.params ?? {})}`;
