/**
 * Where to go after signing in: `?next=` when it is a path on this site ("/?category=cars"),
 * else home. Never another origin ("//evil.example", "https://…", "/\\evil").
 */
export function safeNext(value: string | null | undefined): string {
  if (!value || value.length > 300) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value;
}
