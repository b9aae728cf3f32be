import { ZodError } from "zod";
import { HttpError } from "./http-error";
import { describeIssues, fieldIssues } from "./zod-issues";

/**
 * Maps anything thrown by a route or action to a status and a user-safe message. Stack traces
 * and SQL never reach the user: unknown errors become "internal error" with a reference id that
 * is also logged on the server.
 */
export function classifyError(error: unknown): { status: number; code: string; message: string; details?: unknown } {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof ZodError) {
    const issues = fieldIssues(error);
    return { status: 400, code: "invalid_input", message: describeIssues(issues), details: issues };
  }
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const name = typeof e?.name === "string" ? e.name : "";
  const text = typeof e?.message === "string" ? e.message : "";
  if (code === "P2025") return { status: 404, code: "not_found", message: "Not found." };
  if (code === "P2002") return { status: 409, code: "conflict", message: "That already exists." };
  if (
    name === "PrismaClientInitializationError" ||
    ["P1001", "P1002", "P1017", "ECONNREFUSED", "ECONNRESET", "57P01", "SQLITE_CANTOPEN", "SQLITE_BUSY"].includes(code) ||
    /ECONNREFUSED|Can't reach database|DatabaseNotReachable|Connection terminated|SocketTimeout/i.test(text)
  ) {
    return { status: 503, code: "database_unavailable", message: "The database is unavailable. Try again shortly." };
  }
  const ref = Math.random().toString(36).slice(2, 10);
  console.error(`[playhead] internal error ref=${ref}`, error);
  return { status: 500, code: "internal_error", message: `Internal error (reference ${ref}).` };
}
