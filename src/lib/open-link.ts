// Opens a link the server hands out on demand (a receipt, a credit note) in a new tab, free of any framework.

/**
 * Opens a tab while the click still counts as a user gesture, then points it at the URL `load` resolves to; closes
 * it again and rethrows when `load` fails.
 */
export async function openFetchedLink(load: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await load();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
