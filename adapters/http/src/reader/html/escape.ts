const replacements: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
}

/** `text` safe as HTML text and as a double- or single-quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => replacements[character] ?? character)
