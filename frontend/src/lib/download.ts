// Hands a file the page holds (an export's answer) to the browser as a download.

/** Offers `content` as the file `name` of type `type`, as a link click would. */
export function saveFile(content: BlobPart, type: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([content], { type }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
