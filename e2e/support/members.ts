import { expect, type APIRequestContext } from "@playwright/test";
import { ACCOUNTS, type AccountRole } from "./accounts";

/**
 * Makes demo accounts members of a project (project role = account role) through the API, as an
 * admin's request context: reviewers and annotators see only the projects they are members of.
 */
export async function addDemoMembers(adminRequest: APIRequestContext, projectId: string, roles: Exclude<AccountRole, "PARTICIPANT" | "ADMIN">[]): Promise<void> {
  for (const role of roles) {
    const res = await adminRequest.post(`/api/projects/${encodeURIComponent(projectId)}/members`, { data: { email: ACCOUNTS[role], role } });
    expect(res.status(), await res.text()).toBe(201);
  }
}
