/** Runs once when the server starts: validates the configuration (lib/config/startup-check.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkConfigAtStartup } = await import("./lib/config/startup-check");
    checkConfigAtStartup();
  }
}
