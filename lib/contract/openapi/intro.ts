import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../session';

/** The document's introduction (info.description, CommonMark): signing in, the envelope, scripts and curl. */
export const INTRO = `The \`/api\` contract of the loan back office, generated from its call table: every call with its input, its answer, the errors it may answer and who may make it.

## Signing in

1. \`POST /api/admin/login\` with the JSON body \`{"username": "…", "password": "…"}\` (plus \`"code"\` while sign-in by SMS code is switched on: \`POST /api/admin/sendSms\` with \`{"purpose": "LOGIN", "username": "…"}\` sends it).
2. The answer sets the session cookie \`${SESSION_COOKIE}\`: sealed (the client can neither read nor change it; the service's token stays inside), httpOnly, SameSite=Strict, Secure over HTTPS, valid for ${SESSION_TTL_SECONDS / 3600} hours at most.
3. Send the cookie with every later call. Without a valid session a call answers code 401 (and the cookie is cleared): sign in again.
4. \`POST /api/admin/logOut\` ends the session.

Failed sign-ins are limited per account and per client address (code 429 while locked).

## Calls and answers

A call is \`POST /api/<module>/<action>\` with a JSON body (an empty body counts as \`{}\`). Reads marked so also answer \`GET\` with the same fields as query parameters. Every answer is the envelope \`{"code": …, "message": "…", "data": …}\` with the HTTP status equal to \`code\` (file answers, such as exports, are the file itself with HTTP 200):

| code | meaning |
|---|---|
| 200 | success: \`data\` holds the answer |
| 401 | no session, or it expired: sign in again |
| 403 | not permitted (or a write from another site) |
| 404 | no such call or record |
| 409 | conflict: the record changed since it was read (stale \`version\`), the action was already taken, or the record is in use; nothing changed |
| 413 | the body is larger than 1 MB (uploads: see their call) |
| 415 | a body declared as anything but JSON (send \`Content-Type: application/json\`) |
| 422 | invalid input: \`data.fields\` maps each field to a message key (e.g. \`validation.pageSize\`) |
| 429 | too many attempts: wait and try again |
| 500 | unexpected error |

\`message\` is a text for people, in the session's language (else the \`Accept-Language\` header's, Chinese or English). Tables take \`{pageNum, pageSize, order?, …filters}\` (pageSize 5, 10, 20 or 30) and answer \`{list, total, totalPage}\`.

## Scripts and the Origin header

The application refuses writes from other sites (403): a \`POST\` carrying an \`Origin\` header must name this application's own host, and a \`Sec-Fetch-Site: cross-site\` header is refused. curl sends neither header, so scripts work as they are; a script that sets \`Origin\` must set this host's.

## With curl

\`\`\`sh
BASE=https://loans.example.com
# Sign in: the cookie jar keeps the session cookie
curl -s -c jar.txt -H 'content-type: application/json' \\
  -d '{"username": "USER", "password": "PASSWORD"}' "$BASE/api/admin/login"
# A call with its JSON input
curl -s -b jar.txt -H 'content-type: application/json' \\
  -d '{"pageNum": 1, "pageSize": 10}' "$BASE/api/systemUser/adminList"
# A read that also answers GET
curl -s -b jar.txt "$BASE/api/systemUser/adminList?pageNum=1&pageSize=10"
# This document
curl -s -b jar.txt "$BASE/api/openapi.json" -o openapi.json
# Sign out
curl -s -b jar.txt -c jar.txt -X POST "$BASE/api/admin/logOut"
\`\`\`
`;
