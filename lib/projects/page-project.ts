import "server-only";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getCurrentUser } from "@/lib/auth/current-user";
import { findProjectAccess, meetsNeed, type ProjectAccess, type ProjectNeed } from "./project-access";

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * The signed-in user's access to a page's project (lib/projects/project-access.ts), read once per
 * request: the page and its generateMetadata share it. Null when signed out, when the project does
 * not exist, or when the user may not see it.
 */
export const currentProjectAccess = cache(async (key: string): Promise<ProjectAccess | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  return findProjectAccess(user, decodeKey(key));
});

/**
 * For pages (after `requireUser`): the project the user may see, else Next's 404 page (missing or
 * not a member: the same answer); `/forbidden` when they see it but lack `need`.
 */
export async function projectForPage(key: string, need: ProjectNeed = "read"): Promise<ProjectAccess> {
  const access = await currentProjectAccess(key);
  if (!access) notFound();
  if (!meetsNeed(access, need)) redirect("/forbidden");
  return access;
}

/**
 * The tab title of a project page: `<section> · <project name>` (the root layout appends
 * ` · Playhead`). A project the user may not see is never named: "Not found".
 */
export async function projectPageTitle(key: string, ...sections: string[]): Promise<Metadata> {
  const access = await currentProjectAccess(key);
  if (!access) return { title: "Not found" };
  return { title: [...sections.filter(Boolean), access.project.name].join(" · ") };
}
