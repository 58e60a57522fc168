// The index's filters: a row of the bucket tables shows when it has every chosen value.
// Nothing is fetched; the page's Content-Security-Policy allows this script by its hash.
(function () {
  "use strict";
  const selects = Array.from(document.querySelectorAll("select[data-filter]"));
  const rows = Array.from(document.querySelectorAll("tr[data-kind]"));
  const count = document.getElementById("filter-count");
  function apply() {
    let shown = 0;
    for (const row of rows) {
      const keep = selects.every(
        (s) => s.value === "" || (row.dataset[s.dataset.filter] || "").split("\n").includes(s.value)
      );
      row.hidden = !keep;
      if (keep && row.closest("table.buckets")) shown += 1;
    }
    if (count) count.textContent = shown + " of " + count.dataset.total + " buckets shown";
  }
  for (const select of selects) select.addEventListener("change", apply);
  apply();
})();
