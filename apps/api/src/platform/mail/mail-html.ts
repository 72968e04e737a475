const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeText = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * A plain-text mail as its HTML part: paragraphs (blank lines), line breaks, every http(s) address a link; all
 * else escaped, so no text of a message's parameters (a name, a reason) becomes markup.
 */
export function mailHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const parts = paragraph.split(/(https?:\/\/\S+)/);
      const html = parts.map((part, i) =>
        i % 2 === 1 ? `<a href="${escapeText(part)}">${escapeText(part)}</a>` : escapeText(part),
      );
      return `<p>${html.join('').replaceAll('\n', '<br>')}</p>`;
    })
    .join('\n');
}
