/**
 * Uploaded Word files (wordFile blocks) appended to the generated document as "alternative format import" chunks:
 * each file becomes a part of the package (word/altChunkN.docx), the document's relationships get one of type aFChunk
 * to it, and a `<w:altChunk r:id=...>` takes the place of a marker paragraph docx.ts left at the component's
 * position. Word merges the chunk into the document when it opens it (the file keeps its own formatting); the docx
 * package has no API for this, so the packed zip is edited with jszip (a dependency of docx).
 */
import JSZip from 'jszip';

export interface AltChunk {
  /** The text of the marker paragraph (unique in the document). */
  marker: string;
  /** The uploaded .docx. */
  bytes: Buffer;
}

export const AF_CHUNK_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk';
const DOCX_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A marker text no report text can hold by chance. */
export const altChunkMarker = (n: number) => `\u2063ALTCHUNK-${n}-${process.pid}\u2063`;

/** Replaces the paragraph holding `marker` with `replacement` (the paragraph's XML, <w:p ...>...</w:p>). */
function replaceParagraph(xml: string, marker: string, replacement: string): string {
  const at = xml.indexOf(marker);
  if (at < 0) throw new Error('altChunk marker not found in the document');
  const starts = [xml.lastIndexOf('<w:p>', at), xml.lastIndexOf('<w:p ', at)];
  const start = Math.max(...starts);
  const end = xml.indexOf('</w:p>', at);
  if (start < 0 || end < 0) throw new Error('altChunk marker is not in a paragraph');
  return xml.slice(0, start) + replacement + xml.slice(end + '</w:p>'.length);
}

/** Adds the chunks to a packed .docx; answers the new package. */
export async function appendAltChunks(docx: Buffer, chunks: AltChunk[]): Promise<Buffer> {
  if (!chunks.length) return docx;
  const zip = await JSZip.loadAsync(docx);
  const docFile = zip.file('word/document.xml');
  const relsFile = zip.file('word/_rels/document.xml.rels');
  const typesFile = zip.file('[Content_Types].xml');
  if (!docFile || !relsFile || !typesFile) throw new Error('not a Word document package');
  let doc = await docFile.async('string');
  let rels = await relsFile.async('string');
  let types = await typesFile.async('string');
  chunks.forEach((c, i) => {
    const n = i + 1;
    const id = `rIdAltChunk${n}`;
    const name = `altChunk${n}.docx`;
    zip.file(`word/${name}`, c.bytes);
    rels = rels.replace(
      '</Relationships>',
      `<Relationship Id="${id}" Type="${AF_CHUNK_REL}" Target="${name}"/></Relationships>`,
    );
    types = types.replace('</Types>', `<Override PartName="/word/${name}" ContentType="${DOCX_MAIN_TYPE}"/></Types>`);
    doc = replaceParagraph(doc, c.marker, `<w:altChunk r:id="${id}"/>`);
  });
  zip.file('word/document.xml', doc);
  zip.file('word/_rels/document.xml.rels', rels);
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
