// Okapi BM25 ranking as Codex's tool_search computes it (the Rust `bm25` crate's search engine with
// its English default tokenizer). Facts of that engine, reproduced here:
// - tokens: text folded to ASCII-ish (accents dropped), lowercased, split on Unicode word boundaries
//   (UAX #29: `mcp__echo__echo` and `3.14` stay whole), stop words of the stopwords-iso English list
//   removed, the rest stemmed with Snowball English (Porter2);
// - k1 = 1.2, b = 0.75, the average document length fitted to the corpus (256 when it is empty);
// - a document's weight for a token: tf·(k1+1) / (tf + k1·(1 − b + b·len/avglen));
// - idf = ln(1 + (N − n + 0.5) / (n + 0.5)), where n counts every occurrence of the token in the
//   corpus (the engine counts occurrences, not documents), so a very common token can weigh less than 0;
// - a query token counts once per occurrence in the query; only documents sharing a token with the
//   query are candidates, best score first (ties: corpus order).
// The word lists load on the first search, so importing this module costs nothing.
import { createRequire } from 'node:module';

const K1 = 1.2;
const B = 0.75;
const FALLBACK_AVGDL = 256;

interface Lexicon {
  stopwords: ReadonlySet<string>;
  stem: (word: string) => string;
}

let lexicon: Lexicon | undefined;
let segmenter: Intl.Segmenter | undefined;

function foldToAscii(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

function loadLexicon(): Lexicon {
  if (lexicon !== undefined) return lexicon;
  const require = createRequire(import.meta.url);
  const lists = require('stopwords-iso') as Record<string, string[]>;
  const snowball = require('snowball-stemmers') as { newStemmer(language: string): { stem(word: string): string } };
  const stemmer = snowball.newStemmer('english');
  lexicon = { stopwords: new Set((lists['en'] ?? []).map((w) => foldToAscii(w).toLowerCase())), stem: (w) => stemmer.stem(w) };
  return lexicon;
}

/** The tokens BM25 sees in `text`, in order (repeats kept). */
export function bm25Tokens(text: string): string[] {
  if (text === '') return [];
  const { stopwords, stem } = loadLexicon();
  segmenter ??= new Intl.Segmenter('en', { granularity: 'word' });
  const out: string[] = [];
  for (const part of segmenter.segment(foldToAscii(text).toLowerCase())) {
    if (part.isWordLike !== true || stopwords.has(part.segment)) continue;
    out.push(stem(part.segment));
  }
  return out;
}

export interface Bm25Hit {
  /** The document's position in the corpus. */
  index: number;
  score: number;
}

/** The documents matching `query`, best first, at most `limit`. */
export function bm25Rank(documents: readonly string[], query: string, limit?: number): Bm25Hit[] {
  const docs = documents.map(bm25Tokens);
  const total = docs.reduce((sum, d) => sum + d.length, 0);
  const avgdl = docs.length === 0 || total === 0 ? FALLBACK_AVGDL : total / docs.length;
  const occurrences = new Map<string, number>();
  for (const doc of docs) for (const token of doc) occurrences.set(token, (occurrences.get(token) ?? 0) + 1);
  const idf = (token: string): number => {
    const n = occurrences.get(token) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };
  const queryTokens = bm25Tokens(query);
  const hits: Bm25Hit[] = [];
  docs.forEach((doc, index) => {
    if (!queryTokens.some((t) => doc.includes(t))) return;
    const norm = K1 * (1 - B + B * (doc.length / avgdl));
    let score = 0;
    for (const token of queryTokens) {
      const tf = doc.filter((t) => t === token).length;
      if (tf > 0) score += idf(token) * ((tf * (K1 + 1)) / (tf + norm));
    }
    hits.push({ index, score });
  });
  hits.sort((a, b) => b.score - a.score || a.index - b.index);
  return limit === undefined ? hits : hits.slice(0, limit);
}
