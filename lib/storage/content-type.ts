/** MIME type recorded with a stored object, from its name (S3 Content-Type; informational). */
const TYPES: Record<string, string> = {
  mp4: "video/mp4",
  m4s: "video/iso.segment",
  m3u8: "application/vnd.apple.mpegurl",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  ts: "video/mp2t",
  jpg: "image/jpeg",
  png: "image/png",
  json: "application/json",
};

export function contentTypeFor(key: string): string {
  const dot = key.lastIndexOf(".");
  const ext = dot > key.lastIndexOf("/") ? key.slice(dot + 1).toLowerCase() : "";
  return TYPES[ext] ?? "application/octet-stream";
}
