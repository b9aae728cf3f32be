import "server-only";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { env } from "@/lib/config/env";
import { HttpError } from "@/lib/http/http-error";
import { studyResults, type StudyResults } from "./results";
import { requestOrigin } from "./study-links";
import { studyName } from "./study-queries";

/** The tab title of an admin study page: `<study name> · Studies` (the root layout appends ` · Playhead`). */
export async function studyPageTitle(studyId: string): Promise<Metadata> {
  const name = await studyName(studyId);
  return { title: name ? `${name} · Studies` : "Not found" };
}

/** For the admin study page (after `requireUser`): the study's results, else Next's 404 page. */
export async function studyResultsForPage(studyId: string): Promise<StudyResults> {
  try {
    return await studyResults(studyId);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    throw e;
  }
}

/** The public base URL of study links: NEXTAUTH_URL, else the request's host ("" when neither). */
export async function publicOrigin(): Promise<string> {
  return env().publicUrl ?? requestOrigin(await headers()) ?? "";
}
