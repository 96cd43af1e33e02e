import type { Page } from 'playwright-core';

/**
 * Latin words a Russian page should not show: English left in a sentence, a source's or a check's code
 * name, an untranslated label. Allowed, because they are not words of a language: codes in capitals
 * (`HIT`, `KYC_ERR_ROW_INN_FORMAT`, `ICAO`), tokens with digits (run ids, hashes, `sha256`), file names,
 * URLs and paths, the few loanwords Russian writes in Latin; and whatever the page marks as not to be
 * translated (`translate="no"`: names, record ids) or shows as code (`<code>`).
 */

const LOANWORDS = new Set(['e-mail', 'kyc-screen']);
const FILE = /^[\w.-]+\.(csv|jsonl|json|html|xlsx|png|md)$/u;

export function latinWords(text: string): string[] {
  const cleaned = text
    .replace(/https?:\/\/\S+/gu, ' ')
    // Paths and anything slash-joined (`/work/samples/clients.csv`, `BGN/PCGN`).
    .replace(/\S*\/\S*/gu, ' ');
  const out: string[] = [];
  for (const [token] of cleaned.matchAll(/[\p{L}\p{N}_.-]*[A-Za-z][\p{L}\p{N}_.-]*/gu)) {
    const word = token.replace(/^[.-]+|[.-]+$/gu, '');
    if (!/[A-Za-z]/u.test(word)) continue;
    if (/^[A-Z][A-Z0-9_]*$/u.test(word) || /\d/u.test(word) || FILE.test(word) || LOANWORDS.has(word))
      continue;
    out.push(word);
  }
  return out;
}

/**
 * The text a reader of the page sees, with what it marks as not to be translated left out: each text node
 * outside `<code>`, `<script>`, `<style>` and `[translate=no]`, and the titles and labels of elements.
 */
export async function pageText(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const skip = (el) => el && el.closest('code,kbd,samp,script,style,[translate="no"]');
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!skip(n.parentElement) && n.textContent.trim()) out.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[title],[aria-label],[placeholder]')) {
      if (skip(el)) continue;
      for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    out.push(document.title);
    return out;
  })()`);
}

/** The Latin words of a rendered page, each with the text it stands in (to find it on the page). */
export async function latinOnPage(page: Page): Promise<string[]> {
  return (await pageText(page)).flatMap((text) =>
    latinWords(text).map((w) => `${w} — in «${text.slice(0, 160)}»`),
  );
}
