/**
 * PURE: the instance's name from PLAYHEAD_INSTANCE_ID, the one reader of that variable. Trimmed,
 * at most 120 characters, anything but printable ASCII replaced by "_" (it is sent as the
 * X-Playhead-Instance header, lib/http/instance-header.ts, and written on job claims as their
 * owner, lib/jobs/jobs-config.ts); null when unset or blank.
 */
export function instanceNameFrom(env: Readonly<Record<string, string | undefined>>): string | null {
  const name = env.PLAYHEAD_INSTANCE_ID?.trim();
  return name ? name.slice(0, 120).replace(/[^\x21-\x7e]/g, "_") : null;
}
