// The card table (cardtable.py): the picture drawn by Python, with every card the learner may
// select now made a toggle button. A click, a tap or Space toggles a card at once in the page
// (the class cardlab-selected), then the selection goes to Python; Enter sends "submit".
// ArrowLeft and ArrowRight (Home, End) move between the cards; the focus stays on the same card
// when Python draws the picture again.

const CAN = "cardlab-can";
const SELECTED = "cardlab-selected";
const SVG_NS = "http://www.w3.org/2000/svg";
const MOVES = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cardlab-cardtable";
  el.appendChild(root);
  let focused = null; // the code of the card that has, or last had, the focus
  let order = []; // the codes of the selectable cards as last shown
  let redraw = true;
  let queued = false;

  const byCode = (code) => root.querySelector(`[data-card="${CSS.escape(code)}"]`);
  // The selectable cards in the order Python lists them (the hand, then the table).
  const ordered = () => model.get("selectable").map(byCode).filter(Boolean);

  function mark(g) {
    if (g.querySelector(":scope > .cardlab-mark")) return;
    const rect = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({ x: -4, y: -4, width: 108, height: 148, rx: 10 })) {
      rect.setAttribute(name, value);
    }
    rect.setAttribute("class", "cardlab-mark");
    g.appendChild(rect);
  }

  function show(g, on) {
    g.classList.toggle(SELECTED, on);
    g.setAttribute("aria-pressed", String(on));
  }

  function decorate() {
    const can = new Set(model.get("selectable"));
    const chosen = new Set(model.get("selected"));
    const cards = ordered();
    order = cards.map((g) => g.dataset.card);
    const stop = cards.find((g) => g.dataset.card === focused) ?? cards[0];
    for (const g of root.querySelectorAll("[data-card]")) {
      if (can.has(g.dataset.card)) {
        g.classList.add(CAN);
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", g === stop ? "0" : "-1");
        mark(g);
        show(g, chosen.has(g.dataset.card));
      } else {
        g.classList.remove(CAN, SELECTED);
        g.setAttribute("role", "img");
        g.removeAttribute("tabindex");
        g.removeAttribute("aria-pressed");
      }
    }
  }

  function update() {
    queued = false;
    if (!redraw) {
      decorate();
      return;
    }
    redraw = false;
    const hadFocus = root.contains(document.activeElement);
    const before = order.indexOf(focused);
    root.innerHTML = model.get("svg");
    decorate();
    if (hadFocus) {
      // The same card if it is still there to select, else the one now in its place.
      const cards = ordered();
      const g = (focused && byCode(focused)?.classList.contains(CAN) ? byCode(focused) : null)
        ?? cards[Math.min(Math.max(before, 0), cards.length - 1)];
      if (g) focus(g);
    }
  }

  // Python's changes to several traits arrive together: the page is updated once for them all.
  function schedule(picture) {
    redraw = redraw || picture;
    if (!queued) {
      queued = true;
      queueMicrotask(update);
    }
  }

  function focus(g) {
    g.focus({ preventScroll: true }); // onFocus makes it the one card that Tab reaches
  }

  function toggle(g) {
    const code = g.dataset.card;
    const chosen = [...model.get("selected")];
    const at = chosen.indexOf(code);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(code);
    show(g, at < 0);
    model.set("selected", chosen);
    model.save_changes();
  }

  function selectable(target) {
    const g = target instanceof Element ? target.closest("[data-card]") : null;
    return g && root.contains(g) && g.classList.contains(CAN) ? g : null;
  }

  function onClick(event) {
    const g = selectable(event.target);
    if (g) toggle(g);
  }

  function onKey(event) {
    const g = selectable(event.target);
    if (!g || event.altKey || event.ctrlKey || event.metaKey) return;
    const cards = ordered();
    let handled = true;
    if (event.key in MOVES) {
      const next = cards[cards.indexOf(g) + MOVES[event.key]];
      if (next) focus(next);
    } else if (event.key === "Home" && cards.length) {
      focus(cards[0]);
    } else if (event.key === "End" && cards.length) {
      focus(cards[cards.length - 1]);
    } else if (event.key === " " && !event.shiftKey) {
      toggle(g);
    } else if (event.key === "Enter" && !event.shiftKey) {
      model.send({ event: "submit" });
    } else {
      handled = false;
    }
    if (handled) {
      // The notebook's own keys (Enter edits a cell, arrows move between cells) stay out of it.
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function onFocus(event) {
    const g = selectable(event.target);
    if (!g) return;
    focused = g.dataset.card;
    for (const other of ordered()) other.setAttribute("tabindex", other === g ? "0" : "-1");
  }

  // Projector size: the table and what stands beside it need the whole width of a 1280×720 screen,
  // so JupyterLab's left sidebar (the file browser), if open, is folded away as a click on its open
  // tab would; once no card table of the page is at projector size any more, the tab folded is
  // opened again, unless the learner opened one meanwhile. Elsewhere (no such sidebar) nothing
  // happens. Every card table of the page shares ROOM: which are large, and the tab folded.
  const ROOM = (globalThis.cardlabRoom ??= { large: new Set(), folded: null });
  const SIDEBAR = ".jp-SideBar.jp-mod-left";

  function press(tab) {
    const at = tab.getBoundingClientRect();
    const down = { bubbles: true, cancelable: true, button: 0, isPrimary: true, pointerId: 1,
                   pointerType: "mouse", clientX: at.x + at.width / 2, clientY: at.y + at.height / 2 };
    tab.dispatchEvent(new PointerEvent("pointerdown", down));
    tab.dispatchEvent(new PointerEvent("pointerup", down));
    tab.dispatchEvent(new MouseEvent("click", down));
  }

  function makeRoom() {
    if (model.get("projector")) {
      ROOM.large.add(root);
      const tab = document.querySelector(`${SIDEBAR} .lm-TabBar-tab.lm-mod-current`);
      if (!tab) return;
      ROOM.folded = tab.dataset.id ?? null;
      press(tab);
      return;
    }
    giveRoomBack();
  }

  function giveRoomBack() {
    ROOM.large.delete(root);
    if (ROOM.large.size || ROOM.folded === null) return;
    const folded = ROOM.folded;
    ROOM.folded = null;
    if (document.querySelector(`${SIDEBAR} .lm-TabBar-tab.lm-mod-current`)) return;
    const tab = document.querySelector(`${SIDEBAR} .lm-TabBar-tab[data-id="${CSS.escape(folded)}"]`);
    if (tab) press(tab);
  }

  const onPicture = () => schedule(true);
  const onCards = () => schedule(false);
  model.on("change:svg", onPicture);
  model.on("change:selectable", onCards);
  model.on("change:selected", onCards);
  model.on("change:projector", makeRoom);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("focusin", onFocus);
  update();
  if (model.get("projector")) makeRoom();
  return () => {
    model.off("change:svg", onPicture);
    model.off("change:selectable", onCards);
    model.off("change:selected", onCards);
    model.off("change:projector", makeRoom);
    ROOM.large.delete(root); // a view taken away (its cell run again) holds no room
  };
}

export default { render };
