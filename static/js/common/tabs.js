// Tabs as in the WAI-ARIA Authoring Practices: one tab stop for the list,
// arrows (and Home/End) move the focus and select the tab they reach
// (automatic activation), the selected tab's panel alone is shown.

export class Tabs {
  // onSelect(tab) is called when a tab is chosen with the keyboard or pointer.
  constructor(list, onSelect) {
    this.tabs = [...list.querySelectorAll('[role="tab"]')];
    list.addEventListener("keydown", (e) => {
      const i = this.tabs.indexOf(e.target);
      if (i < 0 || e.ctrlKey || e.metaKey || e.altKey) return;
      const n = this.tabs.length;
      const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: n - 1 }[e.key];
      if (j === undefined) return;
      e.preventDefault();
      e.stopPropagation(); // the page's shortcuts never see the tabs' own keys
      const tab = this.tabs[(j + n) % n];
      tab.focus();
      onSelect(tab);
    });
    for (const tab of this.tabs) tab.addEventListener("click", () => onSelect(tab));
  }

  // Marks `selected` as the selected tab and shows its panel only.
  show(selected) {
    for (const tab of this.tabs) {
      const on = tab === selected;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute("aria-controls"));
      if (panel) panel.hidden = !on;
    }
  }
}
