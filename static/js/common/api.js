// Talking to the server, which holds the puzzle's rules and physics.

import { isNumber } from "./format.js";
import { t } from "./i18n.js";

export class ApiError extends Error {
  // status: the HTTP status of the answer (none when the server was not reached)
  constructor(message, body = {}, status = null) {
    super(message);
    this.body = body;
    this.status = status;
  }
}

export async function post(path, payload, headers = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new ApiError(t("The server cannot be reached. Is it still running?"));
  }
  let body = {};
  try {
    body = await response.json();
  } catch {
    throw new ApiError(t("The server answered %(status)s without a readable body.", { status: response.status }));
  }
  if (!response.ok) throw new ApiError(body.error || t("The server answered %(status)s.", { status: response.status }), body, response.status);
  return body;
}

// The server's words for a refused text, with the line and column it gave.
export function refusal(error) {
  const b = error.body || {};
  let message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  // the server's sentence may name its line already, in either language
  if (isNumber(b.line) && !/(line|zeile) \d/i.test(message)) {
    message = isNumber(b.column)
      ? t("Line %(line)s, column %(column)s: %(message)s", { line: b.line, column: b.column, message })
      : t("Line %(line)s: %(message)s", { line: b.line, message });
  }
  return message;
}
