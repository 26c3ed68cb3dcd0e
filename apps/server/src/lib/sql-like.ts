/** A `like` pattern matching text that contains `text` literally: its `%`, `_` and `\` are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
