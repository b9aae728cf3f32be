import { describe, expect, it } from "vitest";
import { nginxConfig } from "./nginx-config";

describe("the load balancer's nginx configuration", () => {
  const conf = nginxConfig({ listen: "127.0.0.1:8080", upstreams: ["127.0.0.1:3001", "127.0.0.1:3002"], prefix: "/tmp/p/" });

  it("balances round robin over every instance, with no session affinity", () => {
    expect(conf).toContain("server 127.0.0.1:3001 ");
    expect(conf).toContain("server 127.0.0.1:3002 ");
    expect(conf).not.toMatch(/^\s*(ip_hash|hash|sticky|least_conn)\b/m);
    expect(conf).toContain("listen 127.0.0.1:8080;");
  });

  it("streams uploads and media without buffering, leaves upload limits to the app, and replaces X-Forwarded-For", () => {
    expect(conf).toContain("proxy_buffering off;");
    expect(conf).toContain("proxy_request_buffering off;");
    expect(conf).toContain("client_max_body_size 0;");
    expect(conf).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
  });

  it("never takes an instance out of the rotation for failed requests, and closes idle upstream connections before the instance does", () => {
    expect(conf).toContain("server 127.0.0.1:3001 max_fails=0;");
    expect(conf).not.toMatch(/max_fails=[1-9]/);
    expect(conf).toMatch(/^\s*keepalive_timeout 30s;/m);
    expect(conf).toContain("proxy_next_upstream error timeout http_502 http_503;");
  });

  it("keeps every file it writes under its prefix (runs unprivileged), and as root keeps its workers root", () => {
    for (const line of conf.split("\n").filter((l) => /(_path|^pid|^error_log)\s/.test(l.trim()))) expect(line).toContain("/tmp/p/");
    expect(conf).not.toMatch(/^user /m);
    expect(nginxConfig({ listen: "127.0.0.1:1", upstreams: ["127.0.0.1:2"], prefix: "/x", runAsRoot: true })).toMatch(/^user root;/m);
  });
});
