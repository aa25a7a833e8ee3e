/** The families of attachment the reader draws an icon for. */
export type AttachmentKind = 'image' | 'document' | 'archive' | 'calendar' | 'file';

/** Which icon an attachment gets, by its type or, for an unlabelled one, its file name. */
export function attachmentKind(contentType: string, filename: string): AttachmentKind {
  const type = contentType.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (type.startsWith('image/') || /^(png|jpe?g|gif|webp|svg|bmp|heic)$/.test(extension)) {
    return 'image';
  }
  if (type === 'text/calendar' || extension === 'ics') return 'calendar';
  if (/zip|compressed|tar|gzip|rar|7z/.test(type) || /^(zip|gz|tgz|tar|rar|7z)$/.test(extension)) {
    return 'archive';
  }
  if (
    type.startsWith('text/') ||
    /pdf|word|document|sheet|excel|presentation|rtf/.test(type) ||
    /^(pdf|txt|csv|docx?|xlsx?|pptx?|odt|ods|rtf|md)$/.test(extension)
  ) {
    return 'document';
  }
  return 'file';
}
