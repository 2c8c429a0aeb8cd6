/** Sources built in the tests: zips made with fflate, and a .docx from its minimal OOXML parts. */
import { strToU8, zipSync } from "fflate"

export const zipOf = (files: Record<string, string | Uint8Array>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [path, typeof content === "string" ? strToU8(content) : content])))

const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

/** A paragraph of runs; a run is text, or `[text, "b"]` for bold. */
export const paragraph = (runs: ReadonlyArray<string | readonly [string, "b"]>, style?: string) =>
  `<w:p>${style === undefined ? "" : `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>`}${runs
    .map((run) =>
      typeof run === "string"
        ? `<w:r><w:t xml:space="preserve">${run}</w:t></w:r>`
        : `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${run[0]}</w:t></w:r>`
    )
    .join("")}</w:p>`

/** A Word document of the given paragraphs (`paragraph(...)`), with the Title and Heading styles. */
export const docxOf = (paragraphs: ReadonlyArray<string>): Uint8Array =>
  zipOf({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
    "word/_rels/document.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`,
    "word/styles.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${w}>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
</w:styles>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${w}><w:body>${paragraphs.join("")}</w:body></w:document>`
  })
