/** A file name from the subject: what a reader would call the saved message. */
export function emlFileName(subject: string, id: string): string {
  const name = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${name || id}.eml`;
}
