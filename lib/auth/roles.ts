import { Role } from "@/lib/db/types";

/** Roles that may hold API tokens (participants work only in the browser, under a study protocol). */
export const TOKEN_ROLES: readonly Role[] = [Role.ADMIN, Role.REVIEWER, Role.ANNOTATOR];

/** Roles that see the Videos and Projects areas. */
export const STAFF_ROLES: readonly Role[] = [Role.ADMIN, Role.REVIEWER, Role.ANNOTATOR];
