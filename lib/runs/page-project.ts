import "server-only";
import { notFound } from "next/navigation";
import { HttpError } from "@/lib/http/http-error";
import { findProject, type RunProject } from "./project";

/** For pages: the project by id/slug/name, or Next's 404 page. */
export async function projectForPage(key: string): Promise<RunProject> {
  try {
    return await findProject(decodeURIComponent(key));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
}
