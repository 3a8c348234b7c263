// The public docs' only script (budget: 10 KB gzip with everything it imports): the code blocks' Copy buttons and
// the search box. Search is Pagefind's static index (built after astro build over /docs only), loaded on the first
// search, so pages pay nothing for it until then; it runs in the browser with no server round trip.

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options: (options: { baseUrl: string }) => Promise<void>;
  search: (term: string) => Promise<{ results: PagefindResult[] } | null>;
}

const COPIED_RESET_MS = 1200;
const MAX_RESULTS = 8;
const input = document.querySelector<HTMLInputElement>('#docs-search');
const list = document.querySelector<HTMLOListElement>('#docs-search-results');
const searchStatus = document.querySelector<HTMLElement>('#docs-search-status');
let pagefind: Promise<Pagefind> | undefined;
let latest = 0;

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy-code]') : null;
  const code = button?.closest('.code-block')?.querySelector('pre')?.textContent;
  if (!button || code == null) return;
  void navigator.clipboard.writeText(code.replace(/\n$/, '')).then(() => {
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), COPIED_RESET_MS);
  });
});

/** Pagefind's module, fetched once (its URL is built at run time so the bundler leaves it alone). */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ new URL('/docs/pagefind/pagefind.js', location.href).href) as Promise<Pagefind>).then(
    async (module) => {
      // The index sits under /docs/pagefind but its URLs are already site-absolute (/docs/...): no extra prefix.
      await module.options({ baseUrl: '/' });
      return module;
    },
  );
  return pagefind;
}

function showResults(items: Array<{ url: string; excerpt: string; title: string }>, term: string): void {
  if (!list || !searchStatus) return;
  list.replaceChildren(
    ...items.map((item) => {
      const entry = document.createElement('li');
      const link = document.createElement('a');
      link.href = item.url;
      link.textContent = item.title;
      const excerpt = document.createElement('p');
      // Pagefind's excerpt: the page's own text, escaped by Pagefind, with the matches in <mark>.
      excerpt.innerHTML = item.excerpt;
      entry.append(link, excerpt);
      return entry;
    }),
  );
  list.hidden = term === '';
  searchStatus.textContent = term === '' ? '' : items.length === 0 ? `No results for ${term}` : `${items.length} results for ${term}`;
  if (term !== '' && items.length === 0) {
    const none = document.createElement('li');
    none.textContent = `No results for “${term}”`;
    list.append(none);
  }
}

async function search(term: string): Promise<void> {
  const ticket = ++latest;
  if (term === '') return showResults([], '');
  const found = await (await loadPagefind()).search(term);
  const items = await Promise.all((found?.results ?? []).slice(0, MAX_RESULTS).map((result) => result.data()));
  // A slower, older search must not overwrite a newer one.
  if (ticket !== latest) return;
  showResults(
    items.map((item) => ({ url: item.url.replace(/\/(?=$|#)/, ''), excerpt: item.excerpt, title: item.meta.title ?? item.url })),
    term,
  );
}

const resultLinks = () => [...(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];

input?.addEventListener('input', () => void search(input.value.trim()));
input?.addEventListener('focus', () => void loadPagefind(), { once: true });
input?.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    input.value = '';
    showResults([], '');
  } else if (event.key === 'ArrowDown') {
    event.preventDefault();
    resultLinks()[0]?.focus();
  } else if (event.key === 'Enter') {
    resultLinks()[0]?.click();
  }
});
list?.addEventListener('keydown', (event) => {
  const links = resultLinks();
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    (next < 0 ? input : links[Math.min(next, links.length - 1)])?.focus();
  } else if (event.key === 'Escape') input?.focus();
});
// '/' anywhere but in a text field jumps to the search box, as on most docs sites.
document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement | null;
  const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
  if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
    event.preventDefault();
    input?.focus();
  }
});
