// Saving what the console made (a CSV export, a snapshot, a chart's PNG) as a file: the browser's download in
// web mode, a save dialog in the desktop app. One way for every export.

export function saveFile(filename: string, content: string | Blob, type: string): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Later than the click: the download (or the desktop app's save dialog) reads the data first.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
