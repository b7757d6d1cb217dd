import type { TemplatePreview } from '../../../common/templates.schema';

/**
 * The address of the sandboxed preview document the server rendered. Only a same-origin
 * /template-previews/ path ever reaches an iframe, whatever the answer says.
 */
export function previewDocumentUrl(preview: TemplatePreview | undefined): string | undefined {
  const url = preview?.preview_url;
  return url?.startsWith('/template-previews/') ? url : undefined;
}
