import type { SessionUser } from "./request-user";

/** Who performs an account change, and from where (for the audit log). */
export type Actor = { user: SessionUser; ip: string };
