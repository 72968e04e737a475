import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'illegal' };

/** A JWS compact part: unpadded base64url, nothing else. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ILLEGAL: TokenCheck = { ok: false, reason: 'illegal' };
const EXPIRED: TokenCheck = { ok: false, reason: 'expired' };

/**
 * HS256 access tokens: stateless, revoked by bumping the user's token_version. Signed with jose; checked here
 * with node:crypto, as every authenticated request checks one (jose's generic verify cost fifteen times the HMAC,
 * docs/performance/reads.md). The check is strict: three unpadded base64url parts, a JSON header whose `alg` is
 * HS256 and that names no `crit` extension, the HMAC-SHA256 of the first two parts compared in constant time
 * with the third as sent (its canonical encoding only), then a JSON payload whose `exp` is a number still in
 * the future (`nbf`, when present, in the past) and whose `sub` and `ver` are integers.
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
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Synchronous underneath; a promise for the callers written against jose. */
  async verify(token: string): Promise<TokenCheck> {
    return this.check(token);
  }

  check(token: string): TokenCheck {
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
    const { exp, nbf, iat, sub, ver } = claims;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return ILLEGAL;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return ILLEGAL;
    if (iat !== undefined && typeof iat !== 'number') return ILLEGAL;
    if (exp <= now) return EXPIRED;
    if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub)) return ILLEGAL;
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId) || typeof ver !== 'number' || !Number.isSafeInteger(ver))
      return ILLEGAL;
    return { ok: true, claims: { userId, version: ver } };
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
