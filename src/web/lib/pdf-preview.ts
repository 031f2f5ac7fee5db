/**
 * The first page of a PDF as an image, drawn in the browser by pdf.js
 * (loaded only when a preview is asked for: it is a large library). Returns
 * an object URL the caller revokes.
 */
export async function firstPageImage(url: string, cssWidth: number): Promise<string> {
  const [pdfjs, worker] = await Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The PDF answered ${response.status}`);
  // No eval: the app's content security policy forbids it.
  const document = await pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), isEvalSupported: false }).promise;
  try {
    const page = await document.getPage(1);
    const scale = (cssWidth * Math.min(window.devicePixelRatio || 1, 2)) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = window.document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!blob) throw new Error("The page could not be drawn");
    return URL.createObjectURL(blob);
  } finally {
    await document.destroy();
  }
}
