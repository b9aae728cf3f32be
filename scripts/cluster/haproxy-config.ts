/**
 * PURE: an HAProxy configuration in front of Playhead instances, for a crowd launch
 * (docs/deploy.md "Single machine: a launch burst"). What it adds over nginx: each instance gets
 * at most `maxConnPerInstance` requests at once, over connections kept open and reused, and the
 * requests beyond that WAIT IN THE PROXY (`timeout queue`) instead of opening new connections. A
 * busy Node 20 process accepts one new connection per event-loop iteration (libuv >= 1.45), so a
 * burst of new connections waits in its kernel accept queue for tens of seconds; behind this proxy
 * it sees a handful of long-lived connections. Round robin, no sticky sessions, bodies streamed.
 *
 * The queue is served by priority class, then in arrival order (QUEUE_CLASSES): a trial in
 * progress first (its segments and playlists, answers, a free-rewatch video, the query point's
 * still), then a newcomer by how far they have got (the claim of their session, then consent, the
 * study page and the app's static files), and last everything else (study landings, the annotation
 * and review APIs, other pages). Under a launch burst the wait then falls on the newcomers' first
 * page, which a participant sees as a slower start, instead of on the segments of people already
 * watching, which the no-rewind protocol turns into a broken trial; and among the newcomers, the
 * one who has consented gets in before one who only just arrived, so few wait half-way in.
 */

/**
 * The queue's classes, first served first (HAProxy `set-priority-class`, lower first): a path
 * starting with one of `prefixes`, or a `/api/sessions/…` or `/api/studies/…` route ending with one
 * of `sessionRoutes` / `studyRoutes`. Every other request keeps class 0.
 * tests/launch-proxy-priority.test.ts sends one request for every API route of the app, and the
 * pages a participant loads, through HAProxy and checks this order.
 */
export const QUEUE_CLASSES = [
  { name: "trial", priorityClass: -3, prefixes: ["/api/segments/"], sessionRoutes: ["/playlist.m3u8", "/answers", "/media", "/still"], studyRoutes: [] },
  { name: "claim", priorityClass: -2, prefixes: [], sessionRoutes: ["/claim"], studyRoutes: [] },
  { name: "consent", priorityClass: -1, prefixes: ["/s/", "/_next/static/"], sessionRoutes: [], studyRoutes: ["/consent"] },
] as const;

/** HAProxy's lines that give each of QUEUE_CLASSES its class (ACL names from the class names). */
function priorityLines(): string {
  const lines = ["  acl session_route path_beg /api/sessions/", "  acl study_route path_beg /api/studies/"];
  for (const c of QUEUE_CLASSES) {
    // Each kind of path match: its ACL name, HAProxy's matcher, the values, and the route it needs.
    const matches = [
      { acl: `${c.name}_prefix`, matcher: "path_beg", values: c.prefixes, within: "" },
      { acl: `${c.name}_session_end`, matcher: "path_end", values: c.sessionRoutes, within: "session_route " },
      { acl: `${c.name}_study_end`, matcher: "path_end", values: c.studyRoutes, within: "study_route " },
    ].filter((m) => m.values.length);
    for (const m of matches) lines.push(`  acl ${m.acl} ${m.matcher} ${m.values.join(" ")}`);
    lines.push(`  http-request set-priority-class int(${c.priorityClass}) if ${matches.map((m) => `${m.within}${m.acl}`).join(" || ")}`);
  }
  return lines.join("\n");
}

/**
 * The page of a 503 from the proxy (a request that waited its whole queue time): it reloads itself
 * after a few seconds. It goes into the configuration as a quoted string (haproxyQuoted).
 */
export const BUSY_PAGE =
  "<!doctype html><html lang='en'><head><meta charset='utf-8'><meta http-equiv='refresh' content='5'><meta name='viewport' content='width=device-width'>" +
  "<title>Starting soon</title></head><body style='font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem'>" +
  "<h1>Starting soon</h1><p>Many participants are starting at once. This page tries again by itself in a few seconds: please keep it open.</p></body></html>";

export type HaproxyConfigOptions = {
  /** Address the proxy listens on, e.g. "127.0.0.1:8080". */
  listen: string;
  /** The app instances, e.g. ["127.0.0.1:3001"]. */
  upstreams: string[];
  /** Most requests in flight on one instance at once (the rest queue in the proxy). */
  maxConnPerInstance: number;
  /** How long a request may wait in the proxy's queue before a 503 (ms). */
  queueTimeoutMs: number;
};

/**
 * `text` as a double-quoted HAProxy configuration string. Only text that needs no escaping is
 * accepted: a double quote, a backslash, a `$` (variable expansion) or a line break would end or
 * change the string, and HAProxy would refuse the whole configuration (or, worse, read another one).
 */
export function haproxyQuoted(text: string): string {
  const bad = /["\\$\r\n]/.exec(text);
  if (bad) throw new Error(`haproxyConfig: ${JSON.stringify(bad[0])} at character ${bad.index + 1} cannot go into a quoted HAProxy string`);
  return `"${text}"`;
}

export function haproxyConfig(o: HaproxyConfigOptions): string {
  if (!o.upstreams.length) throw new Error("haproxyConfig: at least one upstream");
  if (!Number.isInteger(o.maxConnPerInstance) || o.maxConnPerInstance < 1) throw new Error("haproxyConfig: maxConnPerInstance must be a positive integer");
  // Health checks only matter with somewhere else to send a request; one instance is always tried.
  const check = o.upstreams.length > 1 ? " check inter 2s fall 2 rise 1" : "";
  const servers = o.upstreams.map((u, i) => `  server app-${i + 1} ${u} maxconn ${o.maxConnPerInstance}${check}`).join("\n");
  return `# Playhead behind HAProxy: bounded, reused connections per instance; the excess queues here (generated by scripts/cluster/haproxy-config.ts)
global
  maxconn 8000
  nbthread 1

defaults
  mode http
  option http-keep-alive
  http-reuse always
  timeout connect 5s
  timeout client 900s
  timeout server 900s
  timeout http-keep-alive 60s
  timeout queue ${Math.round(o.queueTimeoutMs)}ms
  # A request that waited its whole \`timeout queue\` gets 503 with this page: a participant's browser
  # on the study link tries again by itself; the app's own calls retry consent and the claim
  # (lib/http/retry-while-busy.ts) whatever the body.
  http-error status 503 content-type "text/html; charset=utf-8" string ${haproxyQuoted(BUSY_PAGE)}

frontend playhead
  bind ${o.listen}
  default_backend playhead

backend playhead
  balance roundrobin
  # Replace, never append: a client cannot spoof the address the app records.
  http-request set-header X-Forwarded-For %[src]
  http-request set-header X-Forwarded-Proto %[ssl_fc,iif(https,http)]
  http-response set-header X-Playhead-Upstream %[srv_name]
  # Queued requests leave by class (lower first; everything else keeps 0): a trial in progress,
  # then a newcomer's claim, then their consent and study page, then the rest.
${priorityLines()}
  # A connection that could not be made is retried on another instance; a request once sent never is.
  retry-on conn-failure
  option redispatch
${servers}
`;
}
