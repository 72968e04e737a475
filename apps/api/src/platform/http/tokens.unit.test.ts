import { createHmac, createSecretKey } from 'node:crypto';
import fc from 'fast-check';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'unit-test-secret-of-enough-length-0123456789';
const tokens = new TokenService(SECRET, 3600);
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const now = () => Math.floor(Date.now() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token put together by hand, signed HS256 with `secret` over whatever header and payload it is given. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const SID = '0b9a7a52-5d3e-4e0f-9a41-7c1f2a3b4c5d';
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: '42',
  sid: SID,
  iat: now(),
  exp: now() + 600,
  ...extra,
});

describe('TokenService', () => {
  it('accepts its own tokens and reads the user id and session id', async () => {
    const token = await tokens.sign({ userId: 42, sessionId: SID });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { userId: 42, sessionId: SID } });
    expect(tokens.check(handMade({ alg: 'HS256', typ: 'JWT' }, claims()))).toMatchObject({ ok: true });
  });

  it('refuses alg none and every algorithm but HS256, even correctly signed', async () => {
    const unsigned = `${b64({ alg: 'none' })}.${b64(claims())}.`;
    expect(tokens.check(unsigned)).toEqual({ ok: false, reason: 'illegal' });
    expect(tokens.check(unsigned.slice(0, -1))).toEqual({ ok: false, reason: 'illegal' });
    expect(tokens.check(handMade({ alg: 'none' }, claims()))).toEqual({ ok: false, reason: 'illegal' });
    expect(tokens.check(handMade({ alg: 'hs256' }, claims()))).toEqual({ ok: false, reason: 'illegal' });
    expect(tokens.check(handMade({}, claims()))).toEqual({ ok: false, reason: 'illegal' });
    const hs512 = await new SignJWT({ sid: SID })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('42')
      .setExpirationTime('1h')
      .sign(key);
    expect(tokens.check(hs512)).toEqual({ ok: false, reason: 'illegal' });
  });

  it('refuses a header naming a critical extension', () => {
    const token = handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims());
    expect(tokens.check(token)).toEqual({ ok: false, reason: 'illegal' });
  });

  it('refuses a tampered header, payload or signature', async () => {
    const token = await tokens.sign({ userId: 42, sessionId: SID });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' });
    const otherHeader = b64({ alg: 'HS256', kid: 'x' });
    const flipped = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      `${otherHeader}.${payload}.${signature}`,
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${flipped(signature, 0)}`,
      // The last character's spare bits: base64url decoders accept it, the canonical comparison does not.
      `${header}.${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}.${signature}.`,
      `${header}.${payload}`,
      `${header}..${signature}`,
      ` ${token}`,
      'abc.def.ghi',
      '',
      '...',
    ])
      expect(tokens.check(bad), bad).toEqual({ ok: false, reason: 'illegal' });
  });

  it('refuses a token signed with another secret, expired or not', async () => {
    const other = new TokenService('another-secret-of-enough-length-0123456789', 3600);
    expect(tokens.check(await other.sign({ userId: 42, sessionId: SID }))).toEqual({
      ok: false,
      reason: 'illegal',
    });
    const expiredElsewhere = handMade({ alg: 'HS256' }, claims({ exp: now() - 10 }), 'another-secret');
    expect(tokens.check(expiredElsewhere)).toEqual({ ok: false, reason: 'illegal' });
  });

  it('answers expired for a genuine token past its exp, and refuses one without exp or not yet valid', async () => {
    const expired = await new SignJWT({ sid: SID })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setExpirationTime(now() - 1)
      .sign(key);
    expect(tokens.check(expired)).toEqual({ ok: false, reason: 'expired' });
    expect(tokens.check(handMade({ alg: 'HS256' }, claims({ exp: now() })))).toEqual({
      ok: false,
      reason: 'expired',
    });
    const { exp: _exp, ...withoutExp } = claims();
    expect(tokens.check(handMade({ alg: 'HS256' }, withoutExp))).toEqual({ ok: false, reason: 'illegal' });
    expect(tokens.check(handMade({ alg: 'HS256' }, claims({ exp: String(now() + 60) })))).toEqual({
      ok: false,
      reason: 'illegal',
    });
    expect(tokens.check(handMade({ alg: 'HS256' }, claims({ nbf: now() + 60 })))).toEqual({
      ok: false,
      reason: 'illegal',
    });
  });

  it('refuses claims that are not a user id and a session id', () => {
    for (const bad of [
      { sub: 'abc' },
      { sub: '1.5' },
      { sub: '-1' },
      { sub: '0042' },
      { sub: 42 },
      { sub: '99999999999999999' },
      { sid: 3 },
      { sid: 'not-a-uuid' },
      { sid: SID.toUpperCase() },
      { sid: undefined },
      { pur: 'second-factor' },
    ])
      expect(tokens.check(handMade({ alg: 'HS256' }, claims(bad))), JSON.stringify(bad)).toEqual({
        ok: false,
        reason: 'illegal',
      });
    expect(tokens.check(handMade({ alg: 'HS256' }, ['not', 'an', 'object']))).toEqual({
      ok: false,
      reason: 'illegal',
    });
  });

  it('keeps challenges and access tokens apart: neither is taken for the other', async () => {
    const challenge = await tokens.signChallenge(42, 300);
    expect(tokens.checkChallenge(challenge)).toEqual({ ok: true, userId: 42 });
    expect(tokens.check(challenge)).toEqual({ ok: false, reason: 'illegal' });
    const token = await tokens.sign({ userId: 42, sessionId: SID });
    expect(tokens.checkChallenge(token)).toEqual({ ok: false, reason: 'illegal' });
    const late = handMade({ alg: 'HS256' }, { sub: '42', pur: 'second-factor', exp: now() - 1 });
    expect(tokens.checkChallenge(late)).toEqual({ ok: false, reason: 'expired' });
  });

  it('accepts nothing jose refuses: random damage to a genuine token', async () => {
    const token = await tokens.sign({ userId: 7, sessionId: SID });
    const alphabet = 'ABCabc012-_.=+/ ';
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ at: fc.nat(token.length), char: fc.constantFrom(...alphabet), cut: fc.boolean() }),
          { minLength: 1, maxLength: 3 },
        ),
        async (edits) => {
          let damaged = token;
          for (const { at, char, cut } of edits)
            damaged = damaged.slice(0, at) + (cut ? '' : char) + damaged.slice(at + (cut ? 1 : 0));
          const ours = tokens.check(damaged);
          const jose = await jwtVerify(damaged, key, { algorithms: ['HS256'] }).then(
            () => true,
            () => false,
          );
          if (ours.ok) expect(jose).toBe(true);
          if (damaged === token) expect(ours.ok).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
