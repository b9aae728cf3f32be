/**
 * A stand-in for `target` that answers the properties named in `overrides` with the given values
 * and forwards every other property read to `target` (methods bound to it, so they run on the
 * real object). The driver-adapter wrappers in lib/db use it to replace a few methods of an
 * adapter or transaction without copying the rest.
 */
export function forwarding<T extends object>(target: T, overrides: Partial<T>): T {
  const replaced = new Map<PropertyKey, unknown>(Object.entries(overrides));
  return new Proxy(target, {
    get(inner, prop) {
      if (replaced.has(prop)) return replaced.get(prop);
      const value = Reflect.get(inner, prop, inner) as unknown;
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}
