import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget, pgConfigFromUrl } from "./database-url";

describe("databaseTarget", () => {
  it("reads file: as SQLite (resolved against the working directory) and postgresql:// as PostgreSQL", () => {
    expect(databaseTarget("file:./x.db")).toEqual({ provider: "sqlite", url: `file:${path.resolve("x.db")}` });
    expect(databaseTarget("postgres://h/db").provider).toBe("postgresql");
    expect(databaseTarget(" postgresql://h/db ").url).toBe("postgresql://h/db");
  });

  it("refuses any other scheme by name", () => {
    expect(() => databaseTarget("mysql://h/db")).toThrow(/must start with "file:" .* got "mysql:\.\.\."/);
  });
});

describe("pgConfigFromUrl", () => {
  it("splits host, port, user, password (percent-decoded) and database", () => {
    expect(pgConfigFromUrl("postgresql://app:p%40ss%2Fw@db.example:6543/play%20head")).toMatchObject({
      host: "db.example",
      port: 6543,
      user: "app",
      password: "p@ss/w",
      database: "play head",
    });
  });

  it("defaults the host and port, and leaves an empty user and password to node-postgres's defaults", () => {
    const config = pgConfigFromUrl("postgresql:///playhead");
    expect(config).toMatchObject({ host: "localhost", port: 5432, database: "playhead" });
    expect(config.user).toBeUndefined();
    expect(config.password).toBeUndefined();
  });

  it("takes a Unix-socket directory from ?host= (libpq's form), with or without a host in the URL", () => {
    expect(pgConfigFromUrl("postgresql://playhead@localhost/playhead?host=/var/run/postgresql")).toMatchObject({
      host: "/var/run/postgresql",
      user: "playhead",
      database: "playhead",
    });
    expect(pgConfigFromUrl("postgresql:///playhead?host=%2Ftmp").host).toBe("/tmp");
  });

  it("honours sslmode: disable turns TLS off, require and verify-full turn it on (never dropped silently)", () => {
    expect(pgConfigFromUrl("postgresql://h/db?sslmode=disable").ssl).toBe(false);
    expect(pgConfigFromUrl("postgresql://h/db?sslmode=verify-full").ssl).toBeTruthy();
    expect(pgConfigFromUrl("postgresql://h/db?uselibpqcompat=true&sslmode=require").ssl).toEqual({ rejectUnauthorized: false });
    expect(pgConfigFromUrl("postgresql://h/db").ssl).toBeUndefined();
  });

  it("passes application_name through", () => {
    expect(pgConfigFromUrl("postgresql://h/db?application_name=playhead-web").application_name).toBe("playhead-web");
  });
});
