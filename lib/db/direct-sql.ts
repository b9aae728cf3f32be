import "server-only";
import { ColumnTypeEnum, type ArgType, type SqlDriverAdapter, type SqlQueryable, type SqlResultSet } from "@prisma/driver-adapter-utils";
import type { DbProvider } from "./database-url";

/** What a statement's parameters may be (each is sent as a bound parameter, never spliced into the text). */
export type SqlValue = string | number | boolean | Date | null;

export type DirectStatements = {
  /** Rows as objects keyed by column name (typed like `$queryRaw<Rows>`): DATETIME columns as Date, booleans as boolean, 64-bit integers as number when safe. */
  query: <Rows extends unknown[] = Record<string, unknown>[]>(strings: TemplateStringsArray, ...values: SqlValue[]) => Promise<Rows>;
  /** The number of rows written. */
  execute: (strings: TemplateStringsArray, ...values: SqlValue[]) => Promise<number>;
};

export type DirectSql = DirectStatements & {
  /**
   * Runs `body`'s statements in one transaction: committed when it returns, rolled back when it
   * throws (the error is rethrown). For a few fixed statements, never for work that waits on
   * anything else: on SQLite it holds the process's one connection meanwhile.
   */
  transaction: <T>(body: (tx: DirectStatements) => Promise<T>) => Promise<T>;
};

/**
 * Fixed, parameterised statements sent straight to the Prisma client's own driver adapter (its
 * connection or pool, and on SQLite its transaction serializer), without the client's request
 * pipeline. For the streaming hot path only, where that pipeline cost about four times the
 * statement itself (`npm run bench:statements`: a primary-key SELECT, an UPDATE).
 *
 * Same contract as `$queryRaw` / `$executeRaw` tagged templates: each `${value}` becomes a bound
 * parameter (`?` on SQLite, `$n` on PostgreSQL), so the SQL must be valid on the database it runs
 * on. Never inside a Prisma transaction (use its `tx`: on SQLite a direct statement waits until
 * that transaction ends); several direct statements that must commit together use
 * {@link DirectSql.transaction}. Database errors come back with the
 * codes lib/http/classify-error.ts knows (P2002 for a unique violation, P1001 when the database
 * cannot be reached, SQLITE_BUSY), so a route answers 409 / 503 exactly as through Prisma.
 */
export function directSql(provider: DbProvider, adapter: () => Promise<SqlDriverAdapter>): DirectSql {
  const texts = new WeakMap<TemplateStringsArray, string>();
  const textOf = (strings: TemplateStringsArray): string => {
    let sql = texts.get(strings);
    if (sql === undefined) {
      sql = strings.reduce((acc, part, i) => acc + (i === 0 ? "" : provider === "postgresql" ? `$${i}` : "?") + part, "");
      texts.set(strings, sql);
      if (!preparedNames.has(sql)) preparedNames.set(sql, `playhead_${preparedNames.size + 1}`);
    }
    return sql;
  };
  const statement = (strings: TemplateStringsArray, values: SqlValue[]) => ({ sql: textOf(strings), args: values, argTypes: values.map(argType) });
  const on = (queryable: () => Promise<SqlQueryable>): DirectStatements => ({
    async query<Rows extends unknown[]>(strings: TemplateStringsArray, ...values: SqlValue[]) {
      const result = await (await queryable()).queryRaw(statement(strings, values)).catch(rethrow);
      return rowsOf(result) as Rows;
    },
    async execute(strings: TemplateStringsArray, ...values: SqlValue[]) {
      return (await queryable()).executeRaw(statement(strings, values)).catch(rethrow);
    },
  });
  return {
    ...on(adapter),
    async transaction<T>(body: (tx: DirectStatements) => Promise<T>): Promise<T> {
      const tx = await (await adapter()).startTransaction().catch(rethrow);
      // The adapters began it (BEGIN); ending it takes a COMMIT / ROLLBACK statement, then the
      // adapter's commit() / rollback(), which hands the connection back (as Prisma's own
      // transactions do).
      const end = async (sql: "COMMIT" | "ROLLBACK") => {
        if (!tx.options.usePhantomQuery) await tx.executeRaw({ sql, args: [], argTypes: [] });
      };
      let result: T;
      try {
        result = await body(on(async () => tx));
      } catch (error) {
        try {
          await end("ROLLBACK");
        } finally {
          await tx.rollback();
        }
        throw error;
      }
      try {
        await end("COMMIT");
      } catch (error) {
        await tx.rollback();
        rethrow(error);
      }
      await tx.commit();
      return result;
    },
  };
}

/**
 * Direct statements' SQL texts, each with the name it is prepared under on PostgreSQL. The texts
 * are constants of the code (one per call site), so the set is bounded; the ORM's own statements
 * (whose texts vary with the length of an `IN` list) are not named.
 */
const preparedNames = new Map<string, string>();

/**
 * The prepared-statement name of a direct statement's SQL text, or undefined (any other text):
 * the PostgreSQL adapter's `statementNameGenerator` (lib/db/adapter-factory.ts). A named statement
 * is parsed and planned once per connection instead of on every call.
 */
export function preparedStatementName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

function argType(value: SqlValue): ArgType {
  const scalarType =
    value === null
      ? "unknown"
      : value instanceof Date
        ? "datetime"
        : typeof value === "boolean"
          ? "boolean"
          : typeof value === "number"
            ? Number.isInteger(value)
              ? "int"
              : "float"
            : "string";
  return { scalarType, arity: "scalar" };
}

/** The adapters' result set as objects, values converted as `$queryRaw` converts them. */
function rowsOf(result: SqlResultSet): Record<string, unknown>[] {
  const { columnNames, columnTypes } = result;
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) out[columnNames[i]] = valueOf(row[i], columnTypes[i]);
    return out;
  });
}

function valueOf(value: unknown, type: number): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case ColumnTypeEnum.DateTime:
    case ColumnTypeEnum.Date:
      return typeof value === "string" || typeof value === "number" ? new Date(value) : value;
    case ColumnTypeEnum.Boolean:
      return value === true || value === 1 || value === "1" || value === "true" || value === "t";
    case ColumnTypeEnum.Int64: {
      const n = typeof value === "string" || typeof value === "bigint" ? Number(value) : value;
      return typeof n === "number" && Number.isSafeInteger(n) ? n : value;
    }
    default:
      return typeof value === "bigint" && Number.isSafeInteger(Number(value)) ? Number(value) : value;
  }
}

type AdapterFailure = { name?: string; message?: string; code?: unknown; cause?: { kind?: string; code?: string; extendedCode?: number; message?: string } };

/** Kinds of driver error that mean "the database cannot be used right now" (503, try again). */
const UNAVAILABLE = new Set(["DatabaseNotReachable", "DatabaseDoesNotExist", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);

/** A driver adapter's error with the code Prisma would have given it; anything else unchanged. */
function rethrow(error: unknown): never {
  const e = error as AdapterFailure | null;
  const kind = e?.cause?.kind;
  if (e?.name !== "DriverAdapterError" || !kind) throw error;
  // A PostgreSQL error keeps its SQLSTATE (57P01: the server is shutting down, a 503).
  const code = kind === "UniqueConstraintViolation" ? "P2002" : UNAVAILABLE.has(kind) ? "P1001" : kind === "postgres" ? String(e.cause?.code) : "P2010";
  const mapped = new Error(`Database statement failed (${kind}${e.cause?.message ? `: ${e.cause.message}` : ""})`, { cause: error });
  Object.assign(mapped, { code });
  throw mapped;
}
