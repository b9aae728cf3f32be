/**
 * PURE: the PLAYHEAD_STORAGE / PLAYHEAD_S3_* variables for an s3rver (a local S3 protocol server:
 * path-style addressing, region us-east-1, credentials S3RVER / S3RVER) at `endpoint`. The one
 * place they are written, for the S3 test suite (tests/support/s3-server.ts) and the cluster
 * harness (scripts/cluster/harness.ts).
 */
export function s3rverEnv(endpoint: string, bucket: string, prefix = ""): Record<string, string> {
  return {
    PLAYHEAD_STORAGE: "s3",
    PLAYHEAD_S3_ENDPOINT: endpoint,
    PLAYHEAD_S3_BUCKET: bucket,
    PLAYHEAD_S3_REGION: "us-east-1",
    PLAYHEAD_S3_ACCESS_KEY_ID: "S3RVER",
    PLAYHEAD_S3_SECRET_ACCESS_KEY: "S3RVER",
    PLAYHEAD_S3_FORCE_PATH_STYLE: "true",
    ...(prefix ? { PLAYHEAD_S3_PREFIX: prefix } : {}),
  };
}
