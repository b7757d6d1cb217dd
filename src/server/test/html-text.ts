/** Undoes the few entities the `html` template emits, to read text back out of a rendered page. */
export const decodeEntities = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The visible text of a page: tags removed, entities decoded. */
export const visibleText = (body: string): string => decodeEntities(body.replace(/<[^>]*>/g, ''));
