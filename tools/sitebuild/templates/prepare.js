// The page that fills this computer's browser cache with every file of the lessons before class
// (tools/sitebuild writes it as static/cardlab/prepare.*.js). Its texts come from the page
// (window.cardlabPrepare), in the page's language.
(() => {
  "use strict";
  const FILES = /*@FILES@*/[];
  const text = window.cardlabPrepare;
  const bar = document.querySelector(".cardlab-prepare-bar");
  const status = document.querySelector(".cardlab-prepare-status");
  const total = FILES.reduce((sum, [, size]) => sum + size, 0);
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  let files = 0, bytes = 0, failed = 0;
  const show = () => {
    bar.value = total ? bytes / total : 1;
    status.textContent = text.prepare_progress.replace("{done}", files).replace("{total}", FILES.length)
      .replace("{mb}", mb(bytes)).replace("{total_mb}", mb(total));
  };
  const queue = [...FILES];
  const fetchOne = async ([url, size]) => {
    try {
      const response = await fetch(new URL(url, document.baseURI));
      if (!response.ok) throw new Error(`${response.status}`);
      await response.arrayBuffer();  // read to the end: only then does the browser keep it
    } catch (error) {
      failed += 1;
    }
    files += 1;
    bytes += size;
    show();
  };
  const worker = async () => { while (queue.length) await fetchOne(queue.shift()); };
  show();
  Promise.all(Array.from({ length: 6 }, worker)).then(() => {
    status.textContent = failed ? text.prepare_failed.replace("{count}", failed) : text.prepare_done;
    document.body.classList.add(failed ? "cardlab-prepare-failed" : "cardlab-prepare-done");
  });
})();
