import '../../platform/zod-without-eval';
import { type LoginBody, loginBody } from '@app/contracts';
import { issueText, type Translate } from '../../platform/issue-text';

/**
 * Why the contract refuses a sign-in field, translated; undefined when it accepts it. Loaded with the first
 * keystroke or submit, so that zod is not evaluated before the form shows (docs/performance/web.md).
 */
export function fieldRefusal(field: keyof LoginBody, value: string, t: Translate): string | undefined {
  const issue = loginBody.shape[field].safeParse(value).error?.issues[0];
  return issue && issueText(issue, t);
}
