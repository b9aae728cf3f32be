import "server-only";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z, ZodType } from "zod";
import { ZodError } from "zod";
import { clientIp } from "@/lib/audit/client-ip";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { SessionUser } from "@/lib/auth/request-user";
import type { Role } from "@/lib/db/types";
import { classifyError } from "./classify-error";
import { refuseControlCharacters } from "./control-characters";
import { HttpError } from "./http-error";
import { fieldIssues, type FieldIssue } from "./zod-issues";

export type ActionError = { code: string; message: string; issues?: FieldIssue[] };
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export type ActionContext<U> = {
  /** The signed-in user (null only for `roles: "public"` actions called while signed out). */
  user: U;
  /** Client address (first X-Forwarded-For hop), for audit entries. */
  ip: string;
};

export type ActionOptions<S extends ZodType> = {
  /** Roles allowed to call the action; "public" skips the session check. */
  roles: readonly Role[] | "public";
  /** zod schema of the action's single argument (shared with the client form). */
  input: S;
};

/**
 * The wrapper for server actions (use it in a "use server" file:
 * `export const renameThing = action({ roles: ["ADMIN"], input: schema }, async (input, { user, ip }) => ...)`).
 * Same checks as route(): session and role, zod validation (issues name each field), and every
 * error becomes `{ok:false, error:{code, message, issues?}}` with no stack trace; database down
 * → code "database_unavailable". Control characters anywhere in the input are refused like in
 * route() (lib/http/control-characters.ts). Next's redirect()/notFound() thrown inside still work.
 */
export function action<S extends ZodType, T>(
  options: ActionOptions<S> & { roles: readonly Role[] },
  fn: (input: z.output<S>, ctx: ActionContext<SessionUser>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>>;
export function action<S extends ZodType, T>(
  options: ActionOptions<S> & { roles: "public" },
  fn: (input: z.output<S>, ctx: ActionContext<SessionUser | null>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>>;
export function action<S extends ZodType, T>(
  options: ActionOptions<S>,
  fn: (input: z.output<S>, ctx: ActionContext<SessionUser>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  const wrapped = async (raw: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const user = await getCurrentUser();
      if (options.roles !== "public") {
        if (!user) throw new HttpError(401, "Sign in first.");
        if (!options.roles.includes(user.role)) throw new HttpError(403, "Your role may not do this.");
      }
      refuseControlCharacters(raw);
      const parsed = options.input.safeParse(raw);
      if (!parsed.success) throw parsed.error;
      const ip = clientIp(await headers());
      const data = await fn(parsed.data, { user: user as SessionUser, ip });
      return { ok: true, data };
    } catch (error) {
      unstable_rethrow(error);
      const { code, message } = classifyError(error);
      const issues = error instanceof ZodError ? fieldIssues(error) : error instanceof HttpError && error.code === "invalid_input" && Array.isArray(error.details) ? (error.details as FieldIssue[]) : undefined;
      return { ok: false, error: { code, message, ...(issues ? { issues } : {}) } };
    }
  };
  // The options travel with the action, for the schema walk of tests/request-text-fields.test.ts.
  return Object.assign(wrapped, { actionOptions: options as ActionOptions<ZodType> });
}
