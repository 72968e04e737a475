/** How the Idempotency-Key header works (platform/http/idempotency.ts), for the routes that honour it. */
export const IDEMPOTENCY_RULES = `Makes a retry safe. 8 to 128 characters: letters, digits, \`_ . : -\`.
- The first successful call stores its answer under (caller, key); a retry with the same key, URL and body
  answers that stored answer again and changes nothing.
- A duplicate sent while the first is still running waits for it, then answers the first's answer (or runs
  itself when the first failed).
- A failed call stores nothing, so a retry with the same key runs again.
- The same key with another route, URL or body answers 409 (\`code\` 409).
- Keys belong to the signed-in caller and do not expire.
- Without the header the call simply runs (a retry may then run twice).`;

/** The document's introduction: the rules every route shares. */
export const apiGuide = `The HTTP API of the membership back-office. This reference is generated from the
route definitions and the shared zod contracts of the code base.

## Calling it
- **Sign in** with POST /api/login (\`{ account, password }\`); send the answered \`access_token\` as
  \`Authorization: Bearer <token>\`. An account with two-factor sign-in answers \`{ two_factor: true, challenge }\`
  instead: POST /api/login/two-factor (\`{ challenge, code }\`) with a code of its authenticator app answers the token.
  Each operation says who may call it (**Access**, also \`x-access\`).
- **Every answer** is the envelope \`{ code, msg, data }\` with the HTTP status matching \`code\` (200, 400, 401,
  403, 404, 408, 409, 413, 414, 415, 422, 429, 431, 500, 503) — refusals of a malformed request (its URL, headers
  or body) included; session failures answer HTTP 401 with \`code\` 50008 (invalid token),
  50012 (session ended) or 50014 (expired). File downloads answer the file itself.
- **Language:** the \`Locale\` header (en-US, zh-HK, zh-CN) picks the language of \`msg\`, field errors and the
  headers and labels of spreadsheets; the \`Time-Zone\` header (an IANA name, default UTC) the zone their times
  are written in (\`2026-11-25 05:08\`).
- **Validation failures** answer 422 with \`data.errors: [{ field, message }]\`; text holding a NUL or a lone
  UTF-16 surrogate, which the database cannot store, is one, on any field.
- **Money** travels as decimal strings ("12.50"); times as ISO 8601 with an offset.
- **Request id:** send \`x-request-id\` (up to 128 characters: letters, digits, \`_ . : @ / + = -\`) or let the
  server make one; it comes back in the \`x-request-id\` header and is on every server log line of the request.
  Quote it when reporting a problem.
- **Idempotent money calls:** the operations with an \`Idempotency-Key\` header parameter follow its rules.
- **503** means the database is out of reach for a moment: retry later (with the same Idempotency-Key).

## Shop platform
The shop posts each order to POST /api/orders/ingest with its \`x-api-key\`; see that operation.`;
