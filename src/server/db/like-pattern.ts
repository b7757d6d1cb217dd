/**
 * A LIKE pattern for "contains `text`", case-folded, with the text's own wildcards escaped (use
 * with `escape '\'`), so a search for 100% or a_b finds exactly that.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
