/** `text` for a `like` pattern, matched literally: its `%`, `_` and `\` are escaped. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A `like` pattern matching text that contains `text` literally. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** A `like` pattern matching text that starts with `text` literally. */
export function startsWithPattern(text: string): string {
  return `${literal(text)}%`;
}
