/**
 * Keeps `list` as the `n` largest items by `ms`, largest first: adds `item` when it belongs there
 * (bench:baseline's slowest requests and client-trace.ts's slowest splits). Benchmark tooling only.
 */
export function keepSlowest<T>(list: T[], item: T, n: number, ms: (t: T) => number): void {
  if (list.length >= n && ms(item) <= ms(list[list.length - 1])) return;
  list.push(item);
  list.sort((a, b) => ms(b) - ms(a));
  list.length = Math.min(list.length, n);
}
