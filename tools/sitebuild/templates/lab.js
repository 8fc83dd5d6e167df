// The offline site's helper on the lab's page (tools/sitebuild writes it as static/cardlab/lab.*.js
// and the lab's page loads it first). It speaks the lesson's language (its edition, from the
// notebook's path) and, through JupyterLab's own settings and the app the page exposes
// (exposeAppInBrowser):
// - shows what is loading and how much is left while Python loads, fetching the kernel's files
//   while JupyterLab itself loads, and says when Python is starting;
// - opens JupyterLab in the edition's language, with settings that last as long as the tab: the
//   next learner on the computer gets the site as it was built;
// - says where work is kept: once in a tab, on each Save, and when leaving with changes;
// - leaves a lesson unmodified when it was only run, and keeps the learner's place on Run All.
(() => {
  "use strict";
  const CONFIG = /*@CONFIG@*/null;
  const ROOT = new URL("../", window.location.href);
  const session = window.sessionStorage;
  const path = new URLSearchParams(window.location.search).get("path") || "";
  const lesson = path.endsWith(".ipynb");
  // The edition is the opened file's; JupyterLite then drops the path from the address, so a
  // reload of the tab keeps the one it had.
  const EDITION = "cardlab-edition";
  const lang = path ? Object.keys(CONFIG.editions).find(
    tag => CONFIG.editions[tag].folder && path.startsWith(`lessons/${CONFIG.editions[tag].folder}`)) || "en"
    : session.getItem(EDITION) || "en";
  session.setItem(EDITION, lang);
  const text = CONFIG.messages[lang];

  // --- JupyterLab's language, settings and layout -----------------------------------------------
  // JupyterLite keeps settings and the layout (open tabs) in the browser (IndexedDB), for every
  // later visit. Here they go to databases of this tab (settingsStorageName, workspacesStorageName):
  // a learner's choice (Settings › Language...) and open lessons last while the tab does, a reload
  // included, and the next learner starts from the site as built, with the edition's language as
  // the default (settingsOverrides). Databases of tabs closed more than a day ago are removed.
  const DB_PREFIX = "cardlab-settings-";
  let database = session.getItem(DB_PREFIX);
  if (!database) {
    database = `${DB_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    session.setItem(DB_PREFIX, database);
  }
  const configure = (script) => {
    const config = JSON.parse(script.textContent || "{}");
    if (config.settingsStorageName === database) return false;
    config.settingsStorageName = database;
    config.workspacesStorageName = `${database}-layout`;
    config.settingsOverrides = config.settingsOverrides || {};
    config.settingsOverrides["@jupyterlab/translation-extension:plugin"] = {
      ...(config.settingsOverrides["@jupyterlab/translation-extension:plugin"] || {}),
      locale: CONFIG.editions[lang].jupyterlab,
    };
    script.textContent = JSON.stringify(config);
    return true;
  };
  // JupyterLite writes the page's whole configuration into this element, then loads JupyterLab,
  // which reads it: each time it is written, the settings above go in before JupyterLab runs.
  const parsed = new MutationObserver(() => {
    const script = document.getElementById("jupyter-config-data");
    if (!script) return;
    parsed.disconnect();
    new MutationObserver(() => configure(script)).observe(script, { childList: true, characterData: true, subtree: true });
    configure(script);
  });
  parsed.observe(document.documentElement, { childList: true, subtree: true });
  if (window.indexedDB && indexedDB.databases) {
    const dayAgo = Date.now() - 86400e3;
    indexedDB.databases().then(found => found.forEach(({ name }) => {
      const made = name && name.startsWith(DB_PREFIX) ? Number(name.slice(DB_PREFIX.length).split("-")[0]) : NaN;
      if (made < dayAgo && name !== database) indexedDB.deleteDatabase(name);
    })).catch(() => {});
  }

  // --- the edition's font ----------------------------------------------------------------------
  // A Chinese or Japanese edition brings its own font (the characters the site uses), so that a
  // computer without one shows no boxes; JupyterLab's font lists name it after the Latin fonts.
  const font = CONFIG.editions[lang].font;
  if (font) {
    const sheet = document.createElement("style");
    sheet.textContent = font.css;
    document.head.appendChild(sheet);
  }

  // --- boxes ------------------------------------------------------------------------------------
  const style = "position: fixed; z-index: 10001; background: #fff; color: #1a1a1a; border-radius: 6px;"
    + ` box-shadow: 0 2px 10px rgba(0,0,0,.3); font: 15px/1.45 system-ui, ${font ? `"${font.family}", ` : ""}sans-serif;`;
  const whenBody = (then) => document.body ? then() : document.addEventListener("DOMContentLoaded", then);
  const box = (name, css) => {
    const node = document.createElement("div");
    node.className = name;
    node.setAttribute("role", "status");
    node.lang = lang;
    node.style.cssText = style + css;
    whenBody(() => document.body.appendChild(node));
    return node;
  };
  const button = (label, onclick) => {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = label;
    node.style.cssText = "margin: 6px 8px 0 0; font: inherit; padding: 2px 10px;";
    node.onclick = onclick;
    return node;
  };

  // --- loading progress ---------------------------------------------------------------------------
  const progress = !lesson ? document.createElement("div") : box("cardlab-loading", "right: 24px; top: 96px;"
    + " width: 26em; max-width: 90vw; padding: 10px 16px; border: 1px solid #8aa9d6; pointer-events: none;");
  progress.innerHTML = "<div class='cardlab-loading-text'></div><progress max='1' value='0'"
    + " style='width: 100%; height: 10px'></progress><div class='cardlab-loading-note' style='font-size: 13px; color: #555'></div>";
  const [progressText, progressBar, progressNote] = progress.children;
  progressText.textContent = text["lab.loading_lab"];
  whenBody(() => {  // JupyterLite's own words under its loading picture, in the lesson's language
    const own = document.querySelector(".jupyterlite-loading-indicator-text");
    if (own) own.textContent = text["lab.loading_lab"];
  });
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  const total = CONFIG.python.reduce((sum, [, size]) => sum + size, 0);
  let loaded = 0, downloaded = false, ready = false;
  const showLoaded = () => {
    if (ready) return;
    progressBar.value = total ? loaded / total : 1;
    progressText.textContent = downloaded ? text["lab.starting_python"]
      : text["lab.loading_python"].replace("{done}", mb(loaded)).replace("{total}", mb(total));
    progressNote.textContent = text["lab.loading_normal"];
  };
  // The kernel's files, fetched now, while JupyterLab loads: the kernel then finds them in the
  // browser's cache. Four at a time, the largest first.
  const queue = lesson ? [...CONFIG.python].sort((a, b) => b[1] - a[1]) : [];
  const fetchOne = async ([url, size]) => {
    let counted = 0;
    try {
      const response = await fetch(new URL(url, ROOT));
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        counted += value.length;
        loaded += value.length;
        showLoaded();
      }
    } catch (error) {
      console.warn(`cardlab: could not fetch ${url} ahead of the kernel`, error);
    }
    loaded += Math.max(0, size - counted);  // as the kernel will fetch it itself
  };
  const worker = async () => { while (queue.length) await fetchOne(queue.shift()); };
  // Already in this browser's cache (a second visit, or a prepared computer): nothing to load,
  // and the cache is left to the kernel alone.
  const cached = queue.length ? fetch(new URL(queue[0][0], ROOT), { cache: "only-if-cached", mode: "same-origin" })
    .then(response => { response.body.cancel(); return response.ok; }, () => false) : Promise.resolve(true);
  cached.then(hit => hit ? (loaded = total) : Promise.all([worker(), worker(), worker(), worker()]))
    .then(() => { downloaded = true; showLoaded(); });
  const pythonReady = () => {
    if (ready) return;
    ready = true;
    progressBar.value = 1;
    progressText.textContent = text["lab.ready"];
    progressNote.textContent = "";
    setTimeout(() => progress.remove(), 1500);
  };

  // --- where work is kept -------------------------------------------------------------------------
  const NOTICE = "cardlab-notice-shown";
  const showNotice = (app) => {
    if (session.getItem(NOTICE)) return;
    session.setItem(NOTICE, "1");
    const notice = box("cardlab-notice", "left: 50%; transform: translateX(-50%); bottom: 36px; max-width: 34em; padding: 10px 14px;"
      + " border: 1px solid #c8a400; background: #fffbe6;");
    notice.innerHTML = `<div>${text["lab.notice"]}</div>`;
    notice.append(
      button(text["lab.more"], () => app.commands.execute("docmanager:open",
        { path: `lessons/${CONFIG.editions[lang].folder}${CONFIG.note}` })),
      button(text["lab.close"], () => notice.remove()));
  };
  const notify = (app, message) => {
    const actions = [{ label: text["lab.download"], commandId: "docmanager:download" }];
    if (app.commands.hasCommand("apputils:notify")) {
      app.commands.execute("apputils:notify", { message, type: "warning", options: { autoClose: 15000, actions } });
    }
  };
  // A notebook is changed when its cells' text is not what it was when opened (or last
  // downloaded): running cells changes only outputs.
  const notebooks = new Set();
  const cellsOf = (model) => {
    const parts = [];
    for (let i = 0; i < model.cells.length; i++) {
      const cell = model.cells.get(i);
      parts.push(`${cell.type}\u0000${cell.sharedModel.getSource()}`);
    }
    return parts.join("\u0001");
  };
  const changedWork = () => [...notebooks].some(entry => !entry.panel.isDisposed && cellsOf(entry.model) !== entry.kept);
  const track = (app, panel) => {
    if (!panel || !panel.context || !panel.sessionContext || panel.cardlabTracked) return;
    panel.cardlabTracked = true;
    const context = panel.sessionContext;
    const status = () => {
      const kernel = context.session && context.session.kernel;
      if (kernel && kernel.status === "idle") pythonReady();
      if (kernel && kernel.status === "dead") progress.remove();
    };
    context.statusChanged.connect(status);
    status();
    panel.context.ready.then(() => {
      const model = panel.context.model;
      const entry = { panel, model, kept: cellsOf(model) };
      notebooks.add(entry);
      model.stateChanged.connect((_, change) => {
        if (change.name === "dirty" && change.newValue && cellsOf(model) === entry.kept) model.dirty = false;
      });
      panel.disposed.connect(() => notebooks.delete(entry));
      keepPlace(app, panel);
    });
  };
  const keepDownloaded = (app) => {
    const current = app.shell.currentWidget;
    notebooks.forEach(entry => { if (entry.panel === current) entry.kept = cellsOf(entry.model); });
  };
  window.addEventListener("beforeunload", (event) => {
    if (!changedWork()) return;
    event.preventDefault();
    event.returnValue = "";
    if (!document.querySelector(".cardlab-leaving")) {
      const leaving = box("cardlab-leaving", "left: 50%; top: 40%; transform: translateX(-50%); max-width: 32em;"
        + " padding: 12px 16px; border: 2px solid #c8a400; background: #fffbe6;");
      leaving.textContent = text["lab.leaving"];
      leaving.append(document.createElement("br"), button(text["lab.close"], () => leaving.remove()));
    }
  });

  // --- Run All keeps the learner's place --------------------------------------------------------
  // JupyterLab moves to the last cell on Run All, and has no setting against it: the cell the
  // learner was at, and where the notebook was scrolled, come back once it has moved.
  const keepPlace = (app, panel) => {
    const notebook = panel.content;
    const scroller = () => notebook.outerNode || notebook.node;
    // The learner's place now, and the one before the last move of the active cell (Run All
    // moves it before anything else).
    let place = { index: notebook.activeCellIndex, top: scroller().scrollTop };
    let before = place, moved = 0;
    notebook.activeCellChanged.connect(() => {
      before = { ...place };
      place = { index: notebook.activeCellIndex, top: scroller().scrollTop };
      moved = performance.now();
    });
    scroller().addEventListener("scroll", () => { place.top = scroller().scrollTop; }, { passive: true });
    notebook.cardlabRestore = () => {
      const target = performance.now() - moved < 100 ? before : { ...place };
      notebook.activeCellIndex = target.index;
      notebook.deselectAll();
      const until = performance.now() + 1500;
      let touched = false;
      const stop = () => { touched = true; };
      ["wheel", "touchstart", "keydown", "mousedown"].forEach(type => window.addEventListener(type, stop, { once: true, capture: true }));
      const hold = () => {
        if (touched || performance.now() > until) return;
        if (Math.abs(scroller().scrollTop - target.top) > 2) scroller().scrollTop = target.top;
        requestAnimationFrame(hold);
      };
      requestAnimationFrame(hold);
    };
  };

  // --- the app ------------------------------------------------------------------------------------
  const started = (app) => {
    app.restored.then(() => {
      showNotice(app);
      const follow = () => track(app, app.shell.currentWidget);
      app.shell.currentChanged.connect(follow);
      follow();
      app.commands.commandExecuted.connect((_, args) => {
        if (args.id === "docmanager:save") {
          args.result.then(() => notify(app, text["lab.saved_tab_only"]), () => {});
        } else if (args.id === "docmanager:download") {
          keepDownloaded(app);
        } else if (args.id === "notebook:run-all-cells") {
          const current = app.shell.currentWidget;
          if (current && current.content && current.content.cardlabRestore) current.content.cardlabRestore();
        }
      });
    });
  };
  // JupyterLite sets window.jupyterapp (exposeAppInBrowser) just before starting the app.
  Object.defineProperty(window, "jupyterapp", {
    configurable: true,
    set(app) {
      Object.defineProperty(window, "jupyterapp", { value: app, writable: true, configurable: true });
      started(app);
    },
  });
})();
