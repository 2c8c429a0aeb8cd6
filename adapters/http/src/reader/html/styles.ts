import type { ReaderSiteLook } from "./views.js"

/** A colour fit to go into a style sheet: only `#RGB`/`#RRGGBB`, anything else is the fallback. */
const safeColor = (color: string, fallback: string): string => (/^#(?:[0-9a-fA-F]{3}){1,2}$/.test(color) ? color : fallback)

const lightPalette = (primary: string) =>
  `--primary:${primary};--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--surface:#f6f8fa;color-scheme:light;`
const darkPalette = (primary: string) =>
  `--primary:${primary};--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--border:#30363d;--surface:#161b22;color-scheme:dark;`

/** The custom properties of the site's theme: one fixed palette, or light with dark when the browser prefers it. */
const themeRules = (site: ReaderSiteLook): string => {
  const light = lightPalette(safeColor(site.primaryColor.light, "#346ddb"))
  const dark = darkPalette(safeColor(site.primaryColor.dark, "#6d9bf0"))
  switch (site.theme) {
    case "light":
      return `:root{${light}}`
    case "dark":
      return `:root{${dark}}`
    case "system":
      return `:root{${light}}@media (prefers-color-scheme:dark){:root{${dark}}}`
  }
}

const layoutRules = `
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--primary)}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--border)}
header ul{display:flex;gap:1rem;margin:0;padding:0;list-style:none}
header nav a{color:var(--muted);text-decoration:none}
header nav a[aria-current=page]{color:var(--primary);font-weight:600}
.site-title{color:var(--fg);font-weight:700;font-size:1.1rem;text-decoration:none}
form[role=search]{margin-left:auto}
input[type=search]{font:inherit;padding:.3rem .6rem;border:1px solid var(--border);border-radius:6px;background:var(--surface);color:var(--fg)}
.layout{display:flex;align-items:flex-start;max-width:90rem;margin:0 auto}
nav[aria-label=Pages]{flex:0 0 17rem;position:sticky;top:0;max-height:100vh;overflow:auto;padding:1.5rem 1rem;font-size:.9rem}
nav[aria-label=Pages] ul{margin:0;padding:0 0 0 .75rem;list-style:none}
nav[aria-label=Pages]>ul{padding:0}
nav[aria-label=Pages] a{display:block;padding:.2rem .5rem;border-radius:6px;color:var(--fg);text-decoration:none}
nav[aria-label=Pages] a:hover{background:var(--surface)}
nav[aria-label=Pages] a[aria-current=page]{color:var(--primary);background:var(--surface);font-weight:600}
nav[aria-label=Pages] summary{list-style-position:outside;margin-left:1rem}
.group-title{margin:1rem 0 .25rem;padding:0 .5rem;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
main{flex:1;min-width:0;display:flex;gap:2rem;padding:1.5rem 2rem 4rem}
article{flex:1;min-width:0;max-width:48rem}
.description{color:var(--muted);font-size:1.1rem}
nav[aria-label="On this page"]{flex:0 0 14rem;position:sticky;top:1.5rem;font-size:.85rem}
nav[aria-label="On this page"] ul{margin:0;padding:0;list-style:none}
nav[aria-label="On this page"] .depth-3{padding-left:1rem}
nav[aria-label="On this page"] a{color:var(--muted);text-decoration:none}
nav[aria-label=Pagination]{display:flex;justify-content:space-between;gap:1rem;margin-top:3rem}
nav[aria-label=Pagination] a{flex:1;padding:.75rem 1rem;border:1px solid var(--border);border-radius:8px;text-decoration:none}
nav[aria-label=Pagination] a[rel=next]{text-align:right}
nav[aria-label=Pagination] span{display:block;color:var(--muted);font-size:.8rem}
.content h2,.content h3{margin-top:2rem}
.content .anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;visibility:hidden}
.content h2:hover .anchor,.content h3:hover .anchor,.content .anchor:focus{visibility:visible}
.content img{max-width:100%}
.content table{border-collapse:collapse;display:block;overflow:auto}
.content th,.content td{border:1px solid var(--border);padding:.4rem .75rem}
.content pre,.content code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
.content code{background:var(--surface);padding:.1em .3em;border-radius:4px}
.content pre{background:var(--surface);padding:1rem;border-radius:8px;overflow:auto}
.content pre code{padding:0}
.content blockquote{margin:0;padding:0 1rem;border-left:4px solid var(--border);color:var(--muted)}
.content .contains-task-list{padding-left:.5rem}
.content .task-list-item{list-style:none}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
.results section{margin-bottom:2rem}
.results ul{list-style:none;padding:0}
.results li li{margin:.5rem 0 .5rem 1rem}
.results p{margin:.2rem 0;color:var(--muted)}
mark{background:color-mix(in srgb,var(--primary) 25%,transparent);color:inherit}
@media (max-width:60rem){nav[aria-label="On this page"]{display:none}}
@media (max-width:45rem){.layout{display:block}nav[aria-label=Pages]{position:static;max-height:none;border-bottom:1px solid var(--border)}main{padding:1rem}}
`.replace(/\n/g, "")

/** The reader's whole style sheet, for a `<style>` of the document: the theme, then the layout. */
export const readerStyles = (site: ReaderSiteLook | undefined): string =>
  (site === undefined
    ? `:root{${lightPalette("#346ddb")}}@media (prefers-color-scheme:dark){:root{${darkPalette("#6d9bf0")}}}`
    : themeRules(site)) + layoutRules
