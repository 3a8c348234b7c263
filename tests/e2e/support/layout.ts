// Layout checks of a rendered console page: nothing wider than the viewport, no figure broken over two lines.
import { expect, type Locator, type Page } from '@playwright/test';

/** Elements whose own sideways scrolling is fine on any screen: code listings and text areas keep their lines. */
const SCROLL_ALLOWED = 'pre, textarea, .monaco-editor, .monaco-editor *';

/**
 * What makes the page scroll sideways, in words: the document wider than its viewport, any shown element reaching
 * past either edge without a clipping ancestor, and any box (a table's wrapper, say) scrolling its content sideways.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes =
        typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
    };
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const clippedInside = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (!clips(getComputedStyle(parent))) continue;
        const box = parent.getBoundingClientRect();
        if (box.left >= -0.5 && box.right <= width + 0.5) return true;
      }
      return false;
    };
    if (root.scrollWidth > width) problems.push(`the document is ${root.scrollWidth}px wide in a ${width}px viewport`);
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !clippedInside(element)) {
        problems.push(`${name(element)} spans ${Math.round(box.left)}…${Math.round(box.right)}px of ${width}px`);
      }
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1 && !element.matches(allowed)) {
        problems.push(`${name(element)} scrolls sideways (${element.scrollWidth}px of content in ${element.clientWidth}px)`);
      }
    }
    return problems.slice(0, 12);
  }, SCROLL_ALLOWED);
}

/** Fails, naming the culprits, when anything on the page makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  expect(await sidewaysOverflow(page), `${label} scrolls sideways`).toEqual([]);
}

/** How many lines each figure's text takes and whether it overflows its own box, as "text: n lines". */
async function figureLines(figures: Locator): Promise<string[]> {
  return figures.evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
      const overflows = element.scrollWidth > element.clientWidth + 1 ? ', cut off' : '';
      return `${(element.textContent ?? '').trim()}: ${lines} line${lines === 1 ? '' : 's'}${overflows}`;
    }),
  );
}

/** Fails when any figure wraps onto a second line or overflows its box; there must be at least one figure. */
export async function expectFiguresOnOneLine(figures: Locator, label: string): Promise<void> {
  await expect(figures.first()).toBeVisible();
  const lines = await figureLines(figures);
  expect(
    lines.filter((line) => !line.endsWith(': 1 line')),
    `${label}: figures on more than one line: ${lines.join('; ')}`,
  ).toEqual([]);
}

/** Fails when a row's action buttons do not all sit on one line. */
export async function expectRowActionsOnOneLine(page: Page, label: string): Promise<void> {
  const wrapped = await page
    .locator('.row-actions')
    .evaluateAll((groups) =>
      groups
        .filter((group) => new Set([...group.children].map((button) => Math.round(button.getBoundingClientRect().top))).size > 1)
        .map((group) => (group.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
  expect(wrapped, `${label}: row actions on two lines`).toEqual([]);
}

/** Fails when the sidebar's background stops before the bottom of the page (the page scrolled to its end). */
export async function expectSidebarFullHeight(page: Page, label: string): Promise<void> {
  const painted = await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    let element: Element | null = nav;
    while (element && getComputedStyle(element).backgroundColor === 'rgba(0, 0, 0, 0)') element = element.parentElement;
    const box = element?.getBoundingClientRect();
    const pageBottom = document.documentElement.scrollHeight - window.scrollY;
    return { element: element?.className ?? '', top: Math.round(box?.top ?? 0), bottom: Math.round(box?.bottom ?? 0), pageBottom };
  });
  expect(painted.element, `${label}: the sidebar's background belongs to the sidebar, not the page`).not.toContain('console');
  expect(painted.bottom, `${label}: the sidebar's background (.${painted.element}) reaches the bottom of the page`).toBeGreaterThanOrEqual(
    painted.pageBottom - 1,
  );
}
