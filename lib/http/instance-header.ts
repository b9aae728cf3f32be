/**
 * `X-Playhead-Instance: <PLAYHEAD_INSTANCE_ID>` on every route handler's response, when the
 * operator named the instance (PLAYHEAD_INSTANCE_ID set; nothing is sent otherwise, so a default
 * `<host>:<pid>` never leaks). Behind a load balancer it tells which instance answered a request
 * (the cluster test checks that consecutive requests of one participant land on different ones).
 */
import { instanceNameFrom } from "@/lib/config/instance-name";

export const INSTANCE_HEADER = "x-playhead-instance";

/** The configured instance name, or null (read on every call: cheap, and tests switch it). */
export function instanceName(): string | null {
  return instanceNameFrom(process.env);
}

/** The response with the header set (a copy when its headers are immutable, e.g. Response.redirect). */
export function withInstanceHeader(response: Response): Response {
  const name = instanceName();
  if (!name) return response;
  try {
    response.headers.set(INSTANCE_HEADER, name);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(INSTANCE_HEADER, name);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
