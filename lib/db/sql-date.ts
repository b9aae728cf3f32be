/**
 * A DATETIME value of a row read by a direct statement (lib/db/direct-sql.ts) as a Date: the
 * adapters give a Date; a string or an epoch number (SQLite) is converted.
 */
export function sqlDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(typeof value === "number" ? value : String(value));
}
