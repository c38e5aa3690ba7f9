/**
 * The answers a page drawn whole by the server was drawn from (crates/server/src/drawn/answers.rs):
 * a `<script type="application/json" id="drawn-answers">` object from URL to JSON answer. The app's
 * first ask of each URL is answered from it instead of the network, so hydrating the page waits for
 * no round trip and draws exactly what the server drew (an answer fetched later could be newer, or
 * late: either made React throw the drawn page away). Each answer serves once: a later ask of the
 * same URL (a refetch, a page opened again) goes to the server.
 */

const SCRIPT_ID = 'drawn-answers';

/** Each script's answers, read once; kept by the element, so a page's own script is read only once. */
const read = new WeakMap<Element, Map<string, unknown>>();

function answersOf(doc: Document): Map<string, unknown> | undefined {
  const script = doc.getElementById(SCRIPT_ID);
  if (!script) return undefined;
  let answers = read.get(script);
  if (!answers) {
    answers = new Map();
    try {
      const parsed: unknown = JSON.parse(script.textContent ?? '');
      if (parsed && typeof parsed === 'object') for (const [url, answer] of Object.entries(parsed)) answers.set(url, answer);
    } catch {
      // not JSON: nothing is answered from the page, every ask goes to the server
    }
    read.set(script, answers);
  }
  return answers;
}

/** Whether the page carries the answer to a GET of `url` (path and query, as the app writes it). */
export function hasDrawnAnswer(url: string, doc: Document = document): boolean {
  return typeof doc !== 'undefined' && (answersOf(doc)?.has(url) ?? false);
}

/** The page's answer to a GET of `url`, taken (the next ask goes to the server), or undefined. */
export function takeDrawnAnswer(url: string): { value: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  const answers = answersOf(document);
  if (!answers?.has(url)) return undefined;
  const value = answers.get(url);
  answers.delete(url);
  return { value };
}
