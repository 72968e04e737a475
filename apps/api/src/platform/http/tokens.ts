import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

/** An access token's claims: the account and the signed-in session it belongs to (access/sessions.ts). */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

type Refusal = { ok: false; reason: 'expired' | 'illegal' };
export type TokenCheck = { ok: true; claims: TokenClaims } | Refusal;
export type ChallengeCheck = { ok: true; userId: number } | Refusal;

/** A session id: a UUID as PostgreSQL writes it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What a second-factor challenge says it is for: never an access token. */
const CHALLENGE = 'second-factor';

/** A JWS compact part: unpadded base64url, nothing else. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ILLEGAL: Refusal = { ok: false, reason: 'illegal' };
const EXPIRED: Refusal = { ok: false, reason: 'expired' };

/**
 * HS256 access tokens naming their session (`sid`), which every request reads, so ending the session revokes the
 * token; and the short-lived challenges of a sign-in's second step (`pur`), never taken for one. Signed with jose; checked here
 * with node:crypto, as every authenticated request checks one (jose's generic verify cost fifteen times the HMAC,
 * docs/performance/reads.md). The check is strict: three unpadded base64url parts, a JSON header whose `alg` is
 * HS256 and that names no `crit` extension, the HMAC-SHA256 of the first two parts compared in constant time
 * with the third as sent (its canonical encoding only), then a JSON payload whose `exp` is a number still in
 * the future (`nbf`, when present, in the past) whose `sub` is an integer and `sid` a UUID (an access token) or
 * whose `pur` names the challenge (a challenge).
 */
export class TokenService {
  /** A KeyObject, not raw bytes: neither jose nor createHmac imports the key again per call. */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: TokenClaims): Promise<string> {
    return this.signed({ sid: claims.sessionId }, claims.userId, this.ttlSeconds);
  }

  /** The proof that `userId` gave the right password, good for `ttlSeconds` to send the second factor's code. */
  signChallenge(userId: number, ttlSeconds: number): Promise<string> {
    return this.signed({ pur: CHALLENGE }, userId, ttlSeconds);
  }

  private signed(claims: Record<string, string>, userId: number, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** Synchronous underneath; a promise for the callers written against jose. */
  async verify(token: string): Promise<TokenCheck> {
    return this.check(token);
  }

  check(token: string): TokenCheck {
    const claims = this.claimsOf(token);
    if (!('sub' in claims)) return claims;
    const { sid, pur } = claims;
    if (pur !== undefined || typeof sid !== 'string' || !SESSION_ID.test(sid)) return ILLEGAL;
    return { ok: true, claims: { userId: claims.sub, sessionId: sid } };
  }

  checkChallenge(challenge: string): ChallengeCheck {
    const claims = this.claimsOf(challenge);
    if (!('sub' in claims)) return claims;
    if (claims.pur !== CHALLENGE || claims.sid !== undefined) return ILLEGAL;
    return { ok: true, userId: claims.sub };
  }

  /** The payload of a token signed here, still valid, with its subject's user id; else why not. */
  private claimsOf(token: string): (Record<string, unknown> & { sub: number }) | Refusal {
    const first = token.indexOf('.');
    const second = token.indexOf('.', first + 1);
    if (first < 1 || second < first + 2 || token.indexOf('.', second + 1) !== -1) return ILLEGAL;
    const header = token.slice(0, first);
    const payload = token.slice(first + 1, second);
    const signature = token.slice(second + 1);
    if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return ILLEGAL;

    const protectedHeader = parseJsonObject(header);
    if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader) return ILLEGAL;

    const expected = Buffer.from(
      createHmac('sha256', this.key).update(token.slice(0, second)).digest('base64url'),
      'latin1',
    );
    const given = Buffer.from(signature, 'latin1');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return ILLEGAL;

    const claims = parseJsonObject(payload);
    if (!claims) return ILLEGAL;
    const now = Math.floor(Date.now() / 1000);
    const { exp, nbf, iat, sub } = claims;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return ILLEGAL;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return ILLEGAL;
    if (iat !== undefined && typeof iat !== 'number') return ILLEGAL;
    if (exp <= now) return EXPIRED;
    if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub)) return ILLEGAL;
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId)) return ILLEGAL;
    return { ...claims, sub: userId };
  }
}

function parseJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
