import { afterEach, describe, expect, it } from "vitest";
import { INSTANCE_HEADER, withInstanceHeader } from "./instance-header";

describe("X-Playhead-Instance", () => {
  afterEach(() => {
    delete process.env.PLAYHEAD_INSTANCE_ID;
  });

  it("is absent unless the operator named the instance", () => {
    delete process.env.PLAYHEAD_INSTANCE_ID;
    expect(withInstanceHeader(new Response("x")).headers.has(INSTANCE_HEADER)).toBe(false);
  });

  it("names the instance on a response, also on a redirect (immutable headers), keeping status and location", async () => {
    process.env.PLAYHEAD_INSTANCE_ID = "app-b";
    const ok = withInstanceHeader(new Response("body", { status: 201 }));
    expect(ok.headers.get(INSTANCE_HEADER)).toBe("app-b");
    expect(await ok.text()).toBe("body");
    const redirect = withInstanceHeader(Response.redirect("http://localhost/next", 303));
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("http://localhost/next");
    expect(redirect.headers.get(INSTANCE_HEADER)).toBe("app-b");
  });
});
