import type { Role } from "@/lib/db/types";

/**
 * Roles that may call participant routes: any signed-in account. Ownership of the session (its
 * participant's user) is what authorises, checked in each route.
 */
export const ANY_ROLE: readonly Role[] = ["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"];
