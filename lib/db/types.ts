// Model types and enums, shared by server code and client components (types and enum values
// only; no client). Both generated clients are built from one schema, so these fit both.
export type {
  User,
  Video,
  Project,
  Item,
  ItemTruth,
  QueryPoint,
  EvidenceSpan,
  ModelRun,
  Annotation,
  Study,
  BaselineSession,
  Answer,
  AuditLog,
} from "@/lib/generated/prisma-sqlite/client";
export {
  Role,
  VideoStatus,
  BenchmarkKind,
  Protocol,
  RunKind,
  TaskKind,
  SessionStatus,
} from "@/lib/generated/prisma-sqlite/enums";
