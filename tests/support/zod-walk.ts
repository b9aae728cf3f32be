/**
 * Walks a zod 4 schema to every string field it declares, and builds, for each, an input that
 * puts a given text exactly there (with the discriminators of discriminated unions set on the
 * way), so a test can prove what each string field refuses. `z.lazy` (e.g. `z.json()`),
 * `z.unknown()` and `z.any()` are opaque: their contents are checked by the route wrapper's net
 * (lib/http/control-characters.ts), not by a schema.
 */
import type { ZodType } from "zod";

export type StringProbe = {
  /** Path of the field ("items.0.label"); a record key shows as `<key>`. */
  field: string;
  /** The issue path zod reports for a bad value there. */
  path: (string | number)[];
  /** An input holding `value` at this field. */
  build: (value: string) => unknown;
  /** True when the field is a record key (zod reports it as invalid_key with nested issues). */
  key?: boolean;
};

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

export function stringProbes(schema: ZodType, depth = 0): StringProbe[] {
  if (depth > 30) return [];
  const def = defOf(schema);
  const inner = (s: unknown) => stringProbes(s as ZodType, depth + 1);
  switch (def.type) {
    case "string":
      return [{ field: "", path: [], build: (v) => v }];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner(def.innerType);
    case "pipe": {
      const first = inner(def.in);
      return first.length || defOf(def.in).type !== "transform" ? first : inner(def.out);
    }
    case "object": {
      const shape = def.shape as Record<string, ZodType>;
      return Object.entries(shape).flatMap(([k, s]) =>
        inner(s).map((p) => ({ ...p, field: join(k, p.field), path: [k, ...p.path], build: (v: string) => ({ [k]: p.build(v) }) })),
      );
    }
    case "array":
      return inner(def.element).map((p) => ({ ...p, field: join("0", p.field), path: [0, ...p.path], build: (v: string) => [p.build(v)] }));
    case "tuple":
      return (def.items as ZodType[]).flatMap((s, i) =>
        inner(s).map((p) => ({ ...p, field: join(String(i), p.field), path: [i, ...p.path], build: (v: string) => Object.assign([], { [i]: p.build(v) }) })),
      );
    case "record": {
      const keys: StringProbe[] = inner(def.keyType)
        .filter((p) => p.path.length === 0)
        .map(() => ({ field: "<key>", path: [], key: true, build: (v: string) => ({ [v]: null }) }));
      const values = inner(def.valueType).map((p) => ({ ...p, field: join("k", p.field), path: ["k", ...p.path], build: (v: string) => ({ k: p.build(v) }) }));
      return [...keys, ...values];
    }
    case "union": {
      const discriminator = def.discriminator as string | undefined;
      return (def.options as ZodType[]).flatMap((option) => {
        const probes = inner(option);
        if (!discriminator) return probes;
        const shape = defOf(option).shape as Record<string, ZodType> | undefined;
        const tag = literalOf(shape?.[discriminator]);
        return probes.map((p) => ({ ...p, build: (v: string) => ({ ...(p.build(v) as object), [discriminator]: tag }) }));
      });
    }
    case "intersection":
      return [...inner(def.left), ...inner(def.right)];
    default:
      // enum, literal, number, boolean, null, unknown, any, lazy (z.json()), transform, custom, ...
      return [];
  }
}

function literalOf(schema: ZodType | undefined): unknown {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === "literal") return (def.values as unknown[])[0];
  if (def.type === "enum") return Object.values(def.entries as Record<string, unknown>)[0];
  if (def.type === "optional" || def.type === "default") return literalOf(def.innerType as ZodType);
  return undefined;
}

const join = (a: string, b: string) => (b ? `${a}.${b}` : a);

type Issue = { code: string; path: PropertyKey[]; params?: Record<string, unknown>; errors?: Issue[][]; issues?: Issue[] };

/** Every issue of a failed parse, union branches and record-key issues flattened, paths made absolute. */
export function flatIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): Issue[] {
  return issues.flatMap((i) => {
    const path = [...prefix, ...i.path];
    const own = { ...i, path };
    const nested = [...(i.errors ?? []).flatMap((branch) => flatIssues(branch, path)), ...flatIssues(i.issues ?? [], path)];
    return [own, ...nested];
  });
}
