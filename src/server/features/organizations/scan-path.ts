/** The path of a scan link, as printed on a code (`name` is only shown, never trusted). */
export function scanPath(code: { org: string; loc: string; type: string; name: string }): string {
  return `/scan-qr?${new URLSearchParams(code).toString()}`;
}
