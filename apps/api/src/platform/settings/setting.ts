import { z } from 'zod';

/** What the settings table of docs/operations.md says of a setting (its test holds the two together). */
export interface SettingDoc {
  /** The value when the variable is unset or blank, as the table shows it. */
  default: string;
  /** What it accepts, worded to follow "must be": the table's column and the refusal's words. */
  accepts: string;
}

/** The doc of each setting's schema (config.ts's SETTINGS). */
export const settingDocs = z.registry<SettingDoc>();

/** A setting's text as a refusal shows it; a secret's is never shown. */
export type ShowText = (text: string) => string;
const quoted: ShowText = (text) => JSON.stringify(text);

interface SettingOptions<T> {
  doc: SettingDoc;
  /** The value the text stands for, or undefined when it is none the setting accepts. */
  read: (text: string) => T | undefined;
  /** The value of an unset or blank variable. */
  fallback: T;
  /** The value of a blank variable, when it differs from an unset one's. */
  blank?: { value: T };
  show?: ShowText;
}

/**
 * One environment variable's schema: blank or unset gives the fallback, any other text what `read` makes of it,
 * or the issue "must be <accepts>, got <text>" that parseSettings puts after the variable's name.
 */
export function setting<T>({ doc, read, fallback, blank, show = quoted }: SettingOptions<T>) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      const text = raw?.trim() ?? '';
      if (text === '') return raw !== undefined && blank ? blank.value : fallback;
      const value = read(text);
      if (value !== undefined) return value;
      ctx.addIssue({ code: 'custom', message: `must be ${doc.accepts}, got ${show(raw ?? '')}` });
      return z.NEVER;
    })
    .register(settingDocs, doc);
}

const orUnset = (fallback: unknown) => (fallback === undefined ? 'unset' : String(fallback));

/** A whole number from `min` (up to `max`), counted in `unit` when it has one ("seconds"). */
export function wholeNumber(
  fallback: number,
  { min, max, unit }: { min: number; max?: number; unit?: string },
) {
  const range = max === undefined ? `≥ ${min}` : `from ${min} to ${max}`;
  return setting({
    doc: { default: String(fallback), accepts: `a whole number${unit ? ` of ${unit}` : ''} ${range}` },
    read: (text) => {
      const value = Number(text);
      const fits = /^\d+$/.test(text) && Number.isSafeInteger(value) && value >= min;
      return fits && (max === undefined || value <= max) ? value : undefined;
    },
    fallback,
  });
}

/** A number above zero, fractions allowed ("0.5"), counted in `unit` when it has one. */
export function positiveNumber(fallback: number, unit?: string) {
  return setting({
    doc: { default: String(fallback), accepts: `a number${unit ? ` of ${unit}` : ''} > 0` },
    read: (text) => (/^(\d+(\.\d*)?|\.\d+)$/.test(text) && Number(text) > 0 ? Number(text) : undefined),
    fallback,
  });
}

const FLAG_WORDS = new Map([
  ...['true', '1', 'yes', 'on'].map((word) => [word, true] as const),
  ...['false', '0', 'no', 'off'].map((word) => [word, false] as const),
]);

/** A yes-or-no setting: true/false, 1/0, yes/no or on/off in any case; any other text is refused. */
export function flag<T extends boolean | undefined>(fallback: T, defaultDoc = orUnset(fallback)) {
  return setting<boolean | T>({
    doc: { default: defaultDoc, accepts: 'true or false (or 1/0, yes/no, on/off)' },
    read: (text) => FLAG_WORDS.get(text.toLowerCase()),
    fallback,
  });
}

/** Any text, trimmed. */
export function text<T extends string | undefined>(
  fallback: T,
  { accepts = 'any text', defaultDoc = orUnset(fallback) }: { accepts?: string; defaultDoc?: string } = {},
) {
  return setting<string | T>({ doc: { default: defaultDoc, accepts }, read: (value) => value, fallback });
}

/** One of a few words, in any case. */
export function oneOf<const W extends string>(words: readonly W[], fallback: W) {
  const accepts = `one of ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return setting<W>({
    doc: { default: fallback, accepts },
    read: (value) => words.find((word) => word === value.toLowerCase()),
    fallback,
  });
}

/** Settings the start cannot take: one message per variable, each naming it and what it accepts. */
export class SettingsError extends Error {
  constructor(readonly problems: ReadonlyArray<{ name: string; message: string }>) {
    super(problems.map((problem) => problem.message).join('; '));
    this.name = 'SettingsError';
  }
}

/** The settings `schema` makes of the environment, or a SettingsError naming every variable it cannot take. */
export function parseSettings<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new SettingsError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return { name, message: `${name} ${issue.message}` };
    }),
  );
}
