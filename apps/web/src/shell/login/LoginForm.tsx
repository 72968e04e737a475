import type { LoginAnswer, LoginBody, LoginResult } from '@app/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Translate } from '../../platform/issue-text';
import { CodeStep } from './CodeStep';
import { Icon, type IconName } from './icons';
import { LanguageSelect } from './LanguageSelect';
import { isRefusal, signIn } from './login.api';
import '../public-page.css';
import './login.css';

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['account', 'password'];

/** No value of @app/contracts here: its schemas would bring zod into the page before `login-check` sets it up. */
const isChallenge = (answer: LoginAnswer): answer is Extract<LoginAnswer, { challenge: string }> =>
  'challenge' in answer;

/** The contract's rules, with zod: fetched on the first keystroke or submit, not before the form shows. */
const loadCheck = () => import('./login-check');

export interface LoginFormProps {
  t: Translate;
  /** Shows a refusal (wrong password, account locked, wait n minutes): antd's toast in the app, the page's own before. */
  notify: (text: string) => void;
  /** A valid form is being sent (the stand-alone page loads the app meanwhile, if the browser was never idle). */
  onSending?: () => void;
  onSignedIn: (result: LoginResult) => void;
}

/**
 * /login: account (name or email) and password, checked by the contract's schema as the user types and on
 * submit, a 422's reasons under the fields. Plain React and our own CSS: the page needs neither antd nor
 * i18next (docs/performance/web.md).
 */
export function LoginForm({ t, notify, onSending, onSignedIn }: LoginFormProps) {
  const [values, setValues] = useState<LoginBody>({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The password was right and the account asks a code: the challenge the code step sends back. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Once loaded, the checks settle in the order of the keystrokes.
    void loadCheck().then(({ fieldRefusal }) =>
      setErrors((current) => ({ ...current, [field]: fieldRefusal(field, value, t) })),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const { fieldRefusal } = await loadCheck();
    const found: FieldErrors = Object.fromEntries(
      FIELDS.map((field) => [field, fieldRefusal(field, values[field], t)]),
    );
    setErrors(found);
    if (FIELDS.some((field) => found[field])) return setBusy(false);
    onSending?.();
    const outcome = await signIn(values, t);
    if (!isRefusal(outcome)) {
      if (!isChallenge(outcome)) return onSignedIn(outcome); // the page is replaced: stays busy
      setChallenge(outcome.challenge);
      return setBusy(false);
    }
    notify(outcome.notice);
    const reasons = outcome.fieldErrors.filter((error) => (FIELDS as string[]).includes(error.field));
    setErrors(Object.fromEntries(reasons.map((error) => [error.field, error.message])));
    setBusy(false);
  };

  return (
    <div className="public-page login-page">
      <div className="public-page-toolbar">
        <LanguageSelect label={t('shell.language')} />
      </div>
      <main className="login-card">
        <h3 className="login-title">{t('shell.appTitle')}</h3>
        <p className="login-subtitle">{t('shell.login.title')}</p>
        {challenge ? (
          <CodeStep
            t={t}
            challenge={challenge}
            notify={notify}
            onSignedIn={onSignedIn}
            onBack={() => setChallenge(null)}
          />
        ) : (
          <form onSubmit={submit} noValidate>
            <LoginField id="account" label={t('shell.login.account')} icon="user" error={errors.account}>
              <input
                id="account"
                autoComplete="username"
                // biome-ignore lint/a11y/noAutofocus: the page's one task, as the antd form had it
                autoFocus
                value={values.account}
                onChange={(event) => change('account', event.target.value)}
              />
            </LoginField>
            <LoginField id="password" label={t('shell.login.password')} icon="lock" error={errors.password}>
              <input
                id="password"
                type={passwordShown ? 'text' : 'password'}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
              />
              <button
                type="button"
                className="login-reveal"
                aria-label={t('shell.login.showPassword')}
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown((shown) => !shown)}
              >
                <Icon name={passwordShown ? 'eye' : 'eyeInvisible'} />
              </button>
            </LoginField>
            <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
              {busy && <span className="login-spinner" aria-hidden="true" />}
              {t('shell.login.submit')}
            </button>
          </form>
        )}
        {/* A full load: the page is the app's, which the stand-alone sign-in page has not loaded yet. */}
        <a className="login-forgot" href="/forgot-password">
          {t('shell.login.forgotPassword')}
        </a>
      </main>
    </div>
  );
}

interface LoginFieldProps {
  id: Field;
  label: string;
  icon: IconName;
  error: string | undefined;
  children: ReactNode;
}

/** A labelled input with its icon, and the reason it is refused under it. */
function LoginField({ id, label, icon, error, children }: LoginFieldProps) {
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <span className={error ? 'login-input login-input-refused' : 'login-input'}>
        <Icon name={icon} />
        {children}
      </span>
      {error && (
        <div className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
