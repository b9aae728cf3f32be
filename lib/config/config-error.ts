/** A configuration error whose message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: Array<{ variable: string; message: string }>) {
    super(
      `Invalid Playhead configuration:\n${problems.map((p) => `  - ${p.variable} ${p.message}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}
