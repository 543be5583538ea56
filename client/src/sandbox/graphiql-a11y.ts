// GraphiQL is a third-party widget: its code editors' text areas carry no label,
// its operation tabs (li role=tab) hold buttons, and a few of its colours fall
// short of 4.5:1. This names the editors, moves the tab role onto the tab's own
// button, and (SandboxPage's CSS) darkens those colours, so that the sandbox
// passes the same accessibility checks as every other page.

/** Where an editor sits → what it edits. */
const EDITOR_LABELS: Array<[selector: string, label: string]> = [
  ['.graphiql-query-editor', 'GraphQL query'],
  ['.graphiql-response', 'Response'],
];

function labelEditors(root: HTMLElement) {
  for (const textarea of root.querySelectorAll<HTMLTextAreaElement>('textarea:not([aria-label])')) {
    const known = EDITOR_LABELS.find(([selector]) => textarea.closest(selector));
    // The variables and headers editors share the section GraphiQL names after the visible one.
    const tool = textarea.closest<HTMLElement>('.graphiql-editor-tool');
    const label = known?.[1] ?? (tool ? `${tool.getAttribute('aria-label') ?? 'Editor'}` : 'Editor');
    textarea.setAttribute('aria-label', label);
  }
}

function fixTabs(root: HTMLElement) {
  for (const item of root.querySelectorAll<HTMLElement>('li[role="tab"]')) {
    const button = item.querySelector<HTMLElement>('.graphiql-tab-button');
    if (!button) continue;
    button.setAttribute('role', 'tab');
    button.setAttribute('aria-selected', item.getAttribute('aria-selected') ?? 'false');
    item.setAttribute('role', 'none');
    item.removeAttribute('aria-selected');
  }
}

/** Keeps GraphiQL's DOM fixed up as it renders; returns the function that stops watching. */
export function watchGraphiQL(root: HTMLElement): () => void {
  const fix = () => {
    labelEditors(root);
    fixTabs(root);
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-selected', 'role'] });
  return () => observer.disconnect();
}
