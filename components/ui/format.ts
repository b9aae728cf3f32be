/**
 * Date-time as "YYYY-MM-DD HH:MM UTC": the same text on the server and in every browser
 * (locale- and time-zone-dependent formatting would differ between the two and break hydration).
 */
export function formatDateTime(value: string | Date | null | undefined, fallback = "—"): string {
  if (!value) return fallback;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return fallback;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
