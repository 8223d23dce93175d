// Saving what the console made (a CSV export, a snapshot) as a file: the browser's download in
// web mode, a save dialog in the desktop app. One way for every export.

export function saveFile(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Later than the click: the download (or the desktop app's save dialog) reads the data first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
