/** The first problem a schema finds, in the reader's language (schemas name their messages' keys); null when there is none. */
export function firstIssue(
  result: { success: boolean; error?: { issues: { message: string }[] } },
  t: (key: never) => string,
): string | null {
  return result.success ? null : t(result.error!.issues[0]!.message as never);
}
