import type { LoginResult } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import type { Translate } from '../../platform/issue-text';
import { Icon } from './icons';
import { isRefusal, signInWithCode } from './login.api';

export interface CodeStepProps {
  t: Translate;
  /** The challenge the password step answered. */
  challenge: string;
  notify: (text: string) => void;
  onSignedIn: (result: LoginResult) => void;
  /** Back to the password (a challenge expired). */
  onBack: () => void;
}

/**
 * The second step of a sign-in with two-factor sign-in (docs/product/access.md, "Two-factor sign-in"): a code of the
 * authenticator app, or a recovery code. Plain React like the password step.
 */
export function CodeStep({ t, challenge, notify, onSignedIn, onBack }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(t('validation.required'));
    setBusy(true);
    const outcome = await signInWithCode({ challenge, code }, t);
    if (!isRefusal(outcome)) return onSignedIn(outcome);
    notify(outcome.notice);
    setError(outcome.fieldErrors.find((refusal) => refusal.field === 'code')?.message);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="login-subtitle">{t('shell.login.codeHint')}</p>
      <div className="login-field">
        <label htmlFor="code">{t('shell.login.code')}</label>
        <span className={error ? 'login-input login-input-refused' : 'login-input'}>
          <Icon name="lock" />
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            // biome-ignore lint/a11y/noAutofocus: the step's one field
            autoFocus
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(undefined);
            }}
          />
        </span>
        {error && (
          <div className="login-field-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
        {busy && <span className="login-spinner" aria-hidden="true" />}
        {t('shell.login.verify')}
      </button>
      <button type="button" className="login-back" onClick={onBack}>
        {t('shell.login.back')}
      </button>
    </form>
  );
}
