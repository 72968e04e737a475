import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ResultCode } from '@app/contracts';
import pLimit from 'p-limit';
import type { ScryptCost } from '../config';
import { AppError } from '../platform/http/errors';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** Today's recommendation for scrypt (OWASP password storage cheat sheet): 128 MiB and about half a second of one core a hash. */
export const RECOMMENDED_PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** What the first releases stored as `scrypt$<salt>$<hash>`, the cost not written down. */
const LEGACY_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

let cost = RECOMMENDED_PASSWORD_COST;

/** The cost of the hashes made from now on in this process (the app sets it from `Config.passwordCost`). */
export function usePasswordCost(next: ScryptCost): void {
  cost = next;
}

/** A hash this process made, told to the listeners of onPasswordHashed (the metrics). */
export interface PasswordHashed {
  cost: ScryptCost;
  seconds: number;
}
const hashedListeners = new Set<(event: PasswordHashed) => void>();

/** Calls `listener` after every scrypt run of this process; answers the function that stops it. */
export function onPasswordHashed(listener: (event: PasswordHashed) => void): () => void {
  hashedListeners.add(listener);
  return () => hashedListeners.delete(listener);
}

/**
 * scrypt runs at once in this process: each holds 128 MiB and a thread of libuv's pool (4 by default) for about half a
 * second, so the others wait here, and file reads, DNS and the rest of the pool keep two threads.
 */
const hashing = pLimit(2);

/** Sign-ins of this process between their start and their password's check; beyond the limit one is refused. */
let signIns = 0;
/** No limit until the app sets one (buildApp: SIGN_IN_LIMIT, config.ts's DEFAULT_SIGN_IN_LIMIT). */
let signInLimit = Number.POSITIVE_INFINITY;

/** How many sign-ins may be checking a password at once in this process (the app sets it: SIGN_IN_LIMIT). */
export function limitSignIns(limit: number): void {
  signInLimit = limit;
}

/**
 * Runs a sign-in's checks (throttle and password) if fewer than the limit are running, else refuses it at once with
 * 503 'access.busy' (try again in a few seconds): a flood of sign-ins, each costing a password hash, then waits no
 * longer than the limit's worth of hashes and takes no more memory, and other requests keep the CPU they need.
 */
export async function whileSigningIn<T>(check: () => Promise<T>): Promise<T> {
  if (signIns >= signInLimit) throw new AppError(ResultCode.SERVICE_UNAVAILABLE, 'access.busy');
  signIns++;
  try {
    return await check();
  } finally {
    signIns--;
  }
}

function derive(password: string, salt: Buffer, length: number, { N, r, p }: ScryptCost) {
  return hashing(async () => {
    const started = performance.now();
    // scrypt needs 128·N·r bytes; Node refuses more than maxmem (32 MiB by default).
    const hash = await scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r });
    const seconds = (performance.now() - started) / 1000;
    for (const listener of hashedListeners) listener({ cost: { N, r, p }, seconds });
    return hash;
  });
}

/** scrypt with a random salt, stored self-described as `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface StoredHash {
  cost: ScryptCost;
  legacy: boolean;
  salt: Buffer;
  hash: Buffer;
}

/** Both formats: `scrypt$<N>$<r>$<p>$<salt>$<hash>` and the legacy `scrypt$<salt>$<hash>`. */
function parse(stored: string): StoredHash | undefined {
  const parts = stored.split('$');
  const [N, r, p] = parts.length === 6 ? parts.slice(1, 4).map(Number) : [];
  const found = parts.length === 3 ? LEGACY_COST : N && r && p ? { N, r, p } : undefined;
  const [saltText, hashText] = parts.slice(-2);
  if (parts[0] !== 'scrypt' || !found || !saltText || !hashText) return undefined;
  return {
    cost: found,
    legacy: parts.length === 3,
    salt: Buffer.from(saltText, 'base64'),
    hash: Buffer.from(hashText, 'base64'),
  };
}

/**
 * Whether `password` matches the stored hash. Every check does today's work, whatever the hash's cost: one of a
 * cheaper hash (the first releases', or one made at a lower PASSWORD cost, kept until the account's next sign-in)
 * is followed by the scrypt work it lacks, so how long a sign-in takes does not tell whose password was not
 * changed since (nor, with verifyAgainstNoAccount, which accounts exist). A hash dearer than today's (the cost was
 * lowered since) takes its own longer work until that account's next sign-in replaces it.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return verifyAgainstNoAccount(password);
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost);
  await workUpToToday(parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** scrypt's work at a cost: N·r·p block mixes, which its time follows. */
const workOf = ({ N, r, p }: ScryptCost) => N * r * p;

/** The work a check at `done` lacks of today's cost, as one scrypt run of the same N and r (p times the mixes). */
async function workUpToToday(done: ScryptCost): Promise<void> {
  const lacking = Math.round(workOf(cost) / workOf(done)) - 1;
  if (lacking > 0) await derive('', randomBytes(16), KEY_LENGTH, { ...done, p: done.p * lacking });
}

/** Whether a stored hash was made at another cost than today's (or in the legacy format): re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const was = parse(stored);
  return !was || was.legacy || was.cost.N !== cost.N || was.cost.r !== cost.r || was.cost.p !== cost.p;
}

/**
 * One scrypt run at today's cost that matches nothing, for a sign-in to an unknown account: it costs what
 * a known account's does, so the answer's time does not tell which names exist.
 */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  await derive(password, randomBytes(16), KEY_LENGTH, cost);
  return false;
}
