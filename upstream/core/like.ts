/** A LIKE pattern matching `text` anywhere, its own % and _ (and \) taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
