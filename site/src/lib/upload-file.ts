/** The most an uploaded document or photo may weigh: 10 Mo (the server's upload policy). */
export const maxUploadBytes = 10 * 1024 * 1024;

/** What the file inputs offer: PDF, JPEG and PNG, checked again by content on the server. */
export const acceptedUploads = '.pdf,.jpg,.jpeg,.png';

/** Why a chosen file is refused before it is sent; undefined when it may go. */
export function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Choisissez un fichier à envoyer.';
  if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) return 'Envoyez un PDF, une photo JPEG ou une image PNG.';
  if (file.size > maxUploadBytes) return 'Le fichier dépasse 10\u00a0Mo.';
  if (file.size === 0) return 'Ce fichier est vide.';
  return undefined;
}

/** « 340 Ko », « 2,4 Mo »: a file's weight as the site writes it. */
export function fileSize(bytes: number): string {
  const f = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${f.format(Math.max(1, Math.round(bytes / 1024)))}\u00a0Ko`;
  return `${f.format(bytes / (1024 * 1024))}\u00a0Mo`;
}
