import type { TemplatePreview } from '../../../common/templates.schema';

/**
 * The address of the sandboxed preview document the server rendered for this preview. Only a
 * same-origin /template-previews/ path is used: anything else never reaches an iframe.
 */
export function previewDocumentUrl(preview: TemplatePreview | undefined): string | undefined {
  const url = (preview as { preview_url?: unknown } | undefined)?.preview_url;
  return typeof url === 'string' && url.startsWith('/template-previews/') ? url : undefined;
}
