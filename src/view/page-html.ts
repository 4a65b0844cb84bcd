// The page: one HTML document with its style and script inline. The live page reads the API; an
// exported page carries its data in a JSON script element (`<` escaped, so no thread text can close
// the element) and makes no request at all.
import { PAGE_JS } from './page-script.js';
import { PAGE_CSS } from './page-style.js';

function page(title: string, dataScript: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_CSS}</style>`,
    '</head><body>',
    '<header><h1><a href="#/">weft view</a></h1><input id="search" type="search" placeholder="Search threads: prompt, directory, name, id" aria-label="Search threads"></header>',
    '<main id="main"></main>',
    dataScript,
    `<script>${PAGE_JS}</script>`,
    '</body></html>',
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

export function livePageHtml(): string {
  return page('weft view', '');
}

/** A self-contained page for `data` (threads and their pages, request bodies included). */
export function exportPageHtml(title: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return page(title, `<script type="application/json" id="weft-data">${json}</script>`);
}
