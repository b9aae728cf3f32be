import { describe, expect, it } from "vitest";
import { BUSY_PAGE, haproxyConfig, haproxyQuoted, QUEUE_CLASSES } from "./haproxy-config";

const base = { listen: "127.0.0.1:8080", upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"], maxConnPerInstance: 16, queueTimeoutMs: 60_000 };

describe("the launch proxy's HAProxy configuration", () => {
  const conf = haproxyConfig(base);

  it("gives every instance the same maxconn, round robin, with the queue time in ms", () => {
    expect(conf).toContain("  server app-1 127.0.0.1:3001 maxconn 16 check inter 2s fall 2 rise 1");
    expect(conf).toContain("  server app-2 127.0.0.1:3002 maxconn 16 check inter 2s fall 2 rise 1");
    expect(conf).toMatch(/^\s*balance roundrobin$/m);
    expect(conf).not.toMatch(/^\s*(stick|cookie|balance source)/m);
    expect(conf).toContain("  timeout queue 60000ms");
  });

  it("sets one priority class per queue class, most favoured lowest, each on its own condition", () => {
    const classes = [...conf.matchAll(/set-priority-class int\((-?\d+)\) if (.+)$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(classes.map(([c]) => c)).toEqual(QUEUE_CLASSES.map((c) => c.priorityClass));
    expect(classes.map(([c]) => c)).toEqual([-3, -2, -1]);
    expect(classes[0][1]).toBe("trial_prefix || session_route trial_session_end");
    expect(classes[1][1]).toBe("session_route claim_session_end");
    expect(classes[2][1]).toBe("consent_prefix || study_route consent_study_end");
    expect(conf).toContain("  acl trial_session_end path_end /playlist.m3u8 /answers /media /still");
  });

  it("serves the busy page on a 503, quoted as it is", () => {
    expect(conf).toContain(`http-error status 503 content-type "text/html; charset=utf-8" string "${BUSY_PAGE}"`);
    expect(BUSY_PAGE).toContain("http-equiv='refresh'");
  });

  it("refuses text that a quoted HAProxy string cannot hold, naming the character and where", () => {
    expect(haproxyQuoted("it's fine")).toBe(`"it's fine"`);
    expect(() => haproxyQuoted('say "hi"')).toThrow(/"\\"" at character 5/);
    expect(() => haproxyQuoted("a\\b")).toThrow(/character 2/);
    expect(() => haproxyQuoted("costs $5")).toThrow(/"\$" at character 7/);
    expect(() => haproxyQuoted("two\nlines")).toThrow(/character 4/);
  });

  it("refuses a configuration with no instance or a maxconn that is not a positive integer", () => {
    expect(() => haproxyConfig({ ...base, upstreams: [] })).toThrow(/at least one upstream/);
    expect(() => haproxyConfig({ ...base, maxConnPerInstance: 0 })).toThrow(/positive integer/);
    expect(() => haproxyConfig({ ...base, maxConnPerInstance: 1.5 })).toThrow(/positive integer/);
  });

  it("with one instance, always tries it (no health check to take it out)", () => {
    const one = haproxyConfig({ ...base, upstreams: ["127.0.0.1:3001"] });
    expect(one).toContain("  server app-1 127.0.0.1:3001 maxconn 16\n");
  });
});
