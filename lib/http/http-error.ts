/**
 * An error with an HTTP status and a message safe to show to the user. Anything else thrown in
 * a route becomes a generic 500 (logged server-side, never sent with its stack).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = statusCode(status),
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

function statusCode(status: number): string {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "too_large";
    case 416:
      return "range_not_satisfiable";
    case 422:
      return "unprocessable";
    case 429:
      return "too_many_requests";
    case 503:
      return "unavailable";
    default:
      return "error";
  }
}
