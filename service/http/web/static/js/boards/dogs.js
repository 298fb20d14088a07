/**
 * The DOGS board: the road graph as SVG (spaces, dogs, blockers, trucks), the action board with its cards,
 * the Dog Fair, and every player's kennel (resources, pens, infirmary, cards). Legal moves that name one thing
 * on the board (a space to drive to, a card to take, the next pen to build) are offered as clicks on it.
 */

import { t } from "../i18n.js";
import { h as html } from "../ui.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** SVG units per grid cell of the catalogue's coordinates. */
const CELL = 100;
const SPACE_R = 36;
// What the seat to act does (`dogs.step.<step>`) and each phase's title (`dogs.phase.<n>`): the catalogue's keys.
const STEPS = ["refuel", "trucks", "arrange", "donation", "place", "action", "feed", "salary"];
const PHASES = [1, 2, 3];
const RESOURCES = ["food", "medicine", "gas"];

/** Draw the game into root (clear and redraw every time). */
export function drawBoard(root, ctx) {
  const wrap = html("div", { class: "dogs" });
  root.replaceChildren(wrap);
  if (!ctx.state) {
    wrap.append(html("p", { class: "dogs-waiting" }, t("dogs.waiting")));
    return;
  }
  const g = { ...ctx, cat: catalogue(ctx.content), offers: moveOffers(ctx.moves) };
  wrap.append(statusBar(g), boardFigure(g), actionBoard(g), kennels(g));
}

// --- building blocks ------------------------------------------------------------------------------------------

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    // Through the CSSOM: the page's Content-Security-Policy refuses a style attribute set as markup.
    if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined));
  return node;
}

/** Make node a click for ctx.moves[i] (the shell sends it on click, Enter or Space). */
function offer(node, g, i) {
  if (i === undefined) return node;
  node.setAttribute("data-move", String(i));
  node.classList.add("playable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", g.moves[i].label);
  return node;
}

/** The moves that name one thing on the board, by what they name. */
function moveOffers(moves) {
  const offers = { space: {}, card: {}, emptyBox: {}, pen: null };
  moves.forEach((move, i) => {
    const c = move.command;
    if (c.type === "MoveTruck") offers.space[c.to] = i;
    else if (c.type === "PlaceMeeple" && !c.free_entry) {
      if (c.card) offers.card[`${c.box}/${c.card}`] = i;
      else offers.emptyBox[c.box] = i;
    } else if (c.type === "ActivatePen" && !c.discount) offers.pen = i;
  });
  return offers;
}

const catalogues = new WeakMap();

/** Lookups over the game-type content: breeds, cards, boxes, Fair cards, token symbols, pens. */
function catalogue(content) {
  if (!catalogues.has(content)) {
    const breeds = {};
    content.breeds.forEach((b, i) => { breeds[b.id] = { ...b, code: breedCode(b.name), hue: i * 30 }; });
    catalogues.set(content, {
      breeds,
      cards: Object.fromEntries(content.cards.map((c) => [c.id, c])),
      fairCards: Object.fromEntries(content.fair_cards.map((c) => [c.id, c.breeds])),
      tokens: Object.fromEntries(content.tokens.map((t) => [t.id, t])),
      spaces: Object.fromEntries(content.board.spaces.map((s) => [s.id, s])),
    });
  }
  return catalogues.get(content);
}

/** A short code for a breed: the initials of a name of several words, else its first three letters. */
function breedCode(name) {
  const words = name.split(/\s+/);
  return (words.length > 1 ? words.map((w) => w[0]).join("") : name.slice(0, 3)).toUpperCase();
}

function breedOf(g, token) {
  return g.cat.tokens[token].breed;
}

function symbolOf(g, token) {
  return g.cat.tokens[token].symbol;
}

function isBlocker(g, token) {
  return symbolOf(g, token) === "blocker";
}

/** "Rottweiler #3": the very dog, as the move labels name it. */
function dogName(g, token) {
  return `${g.cat.breeds[breedOf(g, token)].name} #${token.split("#")[1]}`;
}

function seatName(g, seat) {
  return g.names?.[seat] ?? t("seat.fallback", { number: seat + 1 });
}

function seatColour(g, seat) {
  return g.state.kennels[seat].colour;
}


// --- status ---------------------------------------------------------------------------------------------------

function statusBar(g) {
  const s = g.state;
  const bar = html("div", { class: "dogs-status", "data-key": "status" });
  const round = s.round ? `${t("dogs.round", { round: s.round })}${lastRoundText(s)}` : t("dogs.setting-up");
  bar.append(html("span", { class: "dogs-round" }, round));
  if (PHASES.includes(s.phase)) bar.append(html("span", { class: "dogs-phase" }, t(`dogs.phase.${s.phase}`)));
  bar.append(html("span", { class: "dogs-start" }, t("dogs.start-player", { name: seatName(g, s.start) })));
  bar.append(html("span", { class: "dogs-turn" }, turnText(g)));
  return bar;
}

function lastRoundText(s) {
  if (s.last_round === null || s.last_round === undefined) return "";
  return ` (${s.last_round === s.round ? t("dogs.last-round") : t("dogs.last-round-is", { round: s.last_round })})`;
}

function turnText(g) {
  const s = g.state;
  if (s.step === "over") {
    const winners = (s.winners ?? []).map((w) => seatName(g, w)).join(", ");
    return t("dogs.over", { names: winners });
  }
  if (!s.pending) return t("dogs.moves-on");
  const what = s.pending.step === "action" && s.box
    ? t("dogs.step.box", { box: boxName(g, s.box) })
    : STEPS.includes(s.pending.step) ? t(`dogs.step.${s.pending.step}`) : s.pending.step;
  return s.pending.seat === g.seat ? t("dogs.your-turn", { what })
    : t("dogs.seat-to", { name: seatName(g, s.pending.seat), what });
}

function boxName(g, box) {
  return g.content.boxes.find((b) => b.id === box)?.name ?? box;
}

// --- the road board -------------------------------------------------------------------------------------------

function boardFigure(g) {
  const b = g.content.board;
  // A phone holds the board upright: x and y swap (a mirror image, so every road still reads the same).
  const upright = window.matchMedia?.("(max-width: 520px)").matches ?? false;
  const at = upright ? (s) => ({ x: s.y * CELL, y: s.x * CELL }) : (s) => ({ x: s.x * CELL, y: s.y * CELL });
  const [w, h] = upright ? [b.height, b.width] : [b.width, b.height];
  const root = svg("svg", {
    class: `dogs-map${upright ? " dogs-map-upright" : ""}`,
    viewBox: `0 0 ${w * CELL} ${h * CELL}`,
    role: "group",
    "aria-label": t("dogs.board-label"),
  });
  const spot = Object.fromEntries(b.spaces.map((s) => [s.id, at(s)]));
  root.append(...areaBackgrounds(g, spot), roads(g, spot));
  for (const space of b.spaces) root.append(spaceNode(g, space, spot[space.id]));
  root.append(...trucks(g, spot));
  return html("figure", { class: "dogs-board" }, root, supplyLine(g), breedLegend(g));
}

/** One tinted rectangle behind each area's spaces. */
function areaBackgrounds(g, spot) {
  const byArea = {};
  for (const s of g.content.board.spaces) {
    const { x, y } = spot[s.id];
    const area = s.area === "center" ? "city" : s.area;
    const box = (byArea[area] ??= { x0: x, x1: x, y0: y, y1: y });
    Object.assign(box, {
      x0: Math.min(box.x0, x), x1: Math.max(box.x1, x), y0: Math.min(box.y0, y), y1: Math.max(box.y1, y),
    });
  }
  const pad = CELL / 2 - 4;
  return Object.entries(byArea).map(([area, { x0, x1, y0, y1 }]) => svg("rect", {
    class: `dogs-area dogs-area-${area}`,
    x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad, rx: 14,
  }));
}

function roads(g, spot) {
  const group = svg("g", { class: "dogs-roads" });
  for (const [a, b] of g.content.board.roads) {
    group.append(svg("line", { x1: spot[a].x, y1: spot[a].y, x2: spot[b].x, y2: spot[b].y }));
  }
  return group;
}

function spaceNode(g, space, { x: cx, y: cy }) {
  const token = g.state.board?.[space.id] ?? null;
  // The key sits inside the clickable group: a space that becomes playable has not changed.
  const node = svg("g", { "data-key": `space-${space.id}` }, svg("title", {}, spaceTitle(g, space, token)));
  // `data-target`: how a choice names what the board draws (a space, a box, a card, a dog, a pen).
  const clickable = svg("g", {
    class: `dogs-space dogs-space-${space.area}${token ? "" : " dogs-empty"}`, "data-target": space.id,
  }, node);
  if (!space.paw_space) {
    node.append(
      svg("rect", { x: cx - SPACE_R, y: cy - SPACE_R * 0.7, width: 2 * SPACE_R, height: 1.4 * SPACE_R, rx: 8 }),
      svg("text", { x: cx, y: cy + 5, class: "dogs-space-id" }, t("dogs.centre")));
    return clickable;
  }
  node.append(svg("circle", { cx, cy, r: SPACE_R, class: "dogs-space-ring" }));
  if (token && isBlocker(g, token)) {
    node.append(svg("rect", { x: cx - 20, y: cy - 24, width: 40, height: 40, rx: 6, class: "dogs-blocker" }),
      svg("text", { x: cx, y: cy + 5, class: "dogs-blocker-text" }, "✕"));
  } else if (token) {
    node.append(dogDisc(g, token, cx, cy));
  }
  node.append(svg("text", { x: cx, y: cy + SPACE_R - 8, class: "dogs-space-id" }, space.id),
    svg("circle", { cx: cx + SPACE_R - 4, cy: cy - SPACE_R + 6, r: 12, class: "dogs-reward" }),
    svg("text", { x: cx + SPACE_R - 4, y: cy - SPACE_R + 11, class: "dogs-reward-text" }, String(space.reward)));
  return offer(clickable, g, g.offers.space[space.id]);
}

function spaceTitle(g, space, token) {
  if (!space.paw_space) return t("dogs.center");
  const what = !token ? t("dogs.empty") : isBlocker(g, token) ? t("dogs.blocker")
    : `${dogName(g, token)}, ${t(`dogs.symbol.${symbolOf(g, token)}`)}`;
  return t("dogs.space-title", { space: space.id, area: t(`dogs.area.${space.area}`), reward: space.reward, what });
}

function dogDisc(g, token, cx, cy) {
  const breed = g.cat.breeds[breedOf(g, token)];
  const symbol = symbolOf(g, token);
  const parts = [
    svg("circle", { cx, cy: cy - 4, r: 24, class: "dogs-dog", style: `fill: ${breedFill(breed)}` }),
    svg("text", { x: cx, y: cy + 2, class: "dogs-dog-code" }, breed.code),
  ];
  if (symbol !== "healthy") {
    const [mx, my] = [cx - SPACE_R + 6, cy - SPACE_R + 6];
    parts.push(svg("circle", { cx: mx, cy: my, r: 11, class: `dogs-mark dogs-mark-${symbol}` }),
      svg("text", { x: mx, y: my + 5, class: "dogs-mark-text" }, symbol === "lost" ? "?" : "+"));
  }
  return svg("g", {}, parts);
}

function breedFill(breed) {
  return `hsl(${breed.hue} 75% 84%)`;
}

/** A truck's drawing is 31 units wide; trucks sharing a space stand this far apart, side by side. */
const TRUCK_STEP = 35;

function trucks(g, spot) {
  const sharing = {};
  for (const k of g.state.kennels) sharing[k.truck] = (sharing[k.truck] ?? 0) + 1;
  const placed = {};
  return g.state.kennels.flatMap((k, seat) => {
    const space = g.cat.spaces[k.truck];
    if (!space) return [];
    const n = (placed[k.truck] = (placed[k.truck] ?? 0) + 1) - 1;
    // Trucks sharing a space (every truck at the Centre after a refuel) stand side by side in a row centred under
    // its label, none over another; a lone truck on a road space sits at the ring's lower left, below its dog.
    const row = sharing[k.truck] > 1 || space.id === "CENTER";
    const x = row ? spot[k.truck].x - (sharing[k.truck] * TRUCK_STEP - 4) / 2 + n * TRUCK_STEP
      : spot[k.truck].x - SPACE_R - 8;
    const y = spot[k.truck].y + (row ? SPACE_R * 0.7 - 2 : SPACE_R - 14);
    const load = k.load.map((t) => dogName(g, t)).join(", ");
    const label = load ? t("dogs.truck-carrying", { name: seatName(g, seat), load })
      : t("dogs.truck-of", { name: seatName(g, seat) });
    return [svg("g", {
      class: `dogs-truck dogs-colour-${k.colour}`, "data-key": `truck-${seat}`,
      "data-space": k.truck, transform: `translate(${x} ${y})`,
    }, svg("title", {}, label),
    svg("rect", { x: 0, y: 4, width: 22, height: 13, rx: 2 }),
    svg("rect", { x: 22, y: 8, width: 9, height: 9, rx: 2 }),
    svg("circle", { cx: 6, cy: 19, r: 3.5, class: "dogs-wheel" }),
    svg("circle", { cx: 25, cy: 19, r: 3.5, class: "dogs-wheel" }))];
  });
}

function supplyLine(g) {
  const s = g.state;
  const parts = Object.entries(s.supply ?? {}).map(([group, sup]) => {
    const size = Array.isArray(sup) ? sup.length : sup.tokens;
    const blockers = Array.isArray(sup) ? sup.filter((t) => isBlocker(g, t)).length : sup.blockers;
    const supply = t(group === "city" ? "dogs.city-supply" : "dogs.country-supply", { count: size });
    return `${supply}${blockers ? ` (${t("dogs.blockers", { count: blockers })})` : ""}`;
  });
  const deck = Array.isArray(s.deck) ? s.deck.length : s.deck;
  parts.push(t("dogs.card-pile", { count: deck ?? 0 }));
  return html("figcaption", { class: "dogs-supply", "data-key": "supply" }, parts.join(" · "));
}

function breedLegend(g) {
  const list = html("ul", { class: "dogs-legend", "aria-label": t("dogs.breeds") });
  for (const id of g.state.breeds ?? []) {
    const breed = g.cat.breeds[id];
    const chip = html("span", { class: "dogs-chip", style: `background: ${breedFill(breed)}` }, breed.code);
    list.append(html("li", {}, chip,
      ` ${breed.name}`));
  }
  list.append(html("li", {}, html("span", { class: "dogs-area-key dogs-area-city" }), ` ${t("dogs.area.city")}`),
    html("li", {}, html("span", { class: "dogs-area-key dogs-area-country" }), ` ${t("dogs.area.country")}`),
    html("li", {}, html("span", { class: "dogs-mark-key dogs-mark-lost" }, "?"), ` ${t("dogs.symbol.lost")}`),
    html("li", {}, html("span", { class: "dogs-mark-key dogs-mark-sick" }, "+"), ` ${t("dogs.symbol.sick")}`),
    html("li", {}, html("span", { class: "dogs-reward-key" }, "2"), ` ${t("dogs.reward")}`));
  return list;
}

// --- action board and Fair ------------------------------------------------------------------------------------

function actionBoard(g) {
  const section = html("section", { class: "dogs-actions", "aria-label": t("dogs.action-board") },
    html("h3", {}, t("dogs.action-board")));
  const grid = html("div", { class: "dogs-boxes" });
  for (const box of g.content.boxes) grid.append(boxPanel(g, box));
  section.append(grid);
  if (g.state.offer) section.append(offerLine(g));
  return section;
}

function boxPanel(g, box) {
  const s = g.state;
  const active = s.step === "action" && s.box === box.id;
  const panel = html("div", { class: `dogs-box${active ? " dogs-box-active" : ""}` });
  const title = html("h4", { "data-target": box.id }, html("span", { "data-key": `box-${box.id}` }, box.name));
  panel.append(offer(title, g, g.offers.emptyBox[box.id]));
  const cards = html("div", { class: "dogs-cards" });
  for (const card of s.boxes?.[box.id] ?? []) {
    cards.append(offer(html("div", { class: "dogs-take" }, cardFace(g, card)), g, g.offers.card[`${box.id}/${card}`]));
  }
  if (!cards.childElementCount) cards.append(html("span", { class: "dogs-none" }, t("dogs.no-cards")));
  panel.append(cards, meepleRow(g, box.id));
  // The Dog Fair box also shows the Fair itself: the card saying which breeds sell, the dogs and their price.
  if (box.id === "FAIR") panel.append(fairPanel(g));
  return panel;
}

// Each card's picture: a resource by what it gives (a food bowl, a gas can, a medicine cross, coins), an action card
// (a one-off effect) a star. Drawn on a 24-unit square in the card's ink colour.
const CARD_PICTURES = {
  food: () => [svg("path", { d: "M3 12 h18 a9 7 0 0 1 -18 0 z" }),
    svg("circle", { cx: 9, cy: 9.5, r: 2 }), svg("circle", { cx: 14, cy: 9, r: 2 })],
  gas: () => [svg("rect", { x: 5, y: 7, width: 13, height: 15, rx: 2 }),
    svg("path", { d: "M14 7 l3 -4 h3 v3 l-3 3", class: "dogs-pic-line" }),
    svg("path", { d: "M8 11 l7 7 M15 11 l-7 7", class: "dogs-pic-cut" })],
  medicine: () => [svg("path", { d: "M9 3 h6 v6 h6 v6 h-6 v6 h-6 v-6 h-6 v-6 h6 z" })],
  coins: () => [svg("ellipse", { cx: 12, cy: 17, rx: 8, ry: 3.5 }), svg("ellipse", { cx: 12, cy: 12, rx: 8, ry: 3.5 }),
    svg("ellipse", { cx: 12, cy: 7, rx: 8, ry: 3.5, class: "dogs-pic-top" })],
  special: () => [svg("path", { d: "M12 2 l3 6.5 7 .8 -5.2 4.8 1.5 7 -6.3 -3.6 -6.3 3.6 1.5 -7 -5.2 -4.8 7 -.8 z" })],
};

/** A card's picture, with its name and rule as its title (a tooltip, and what a screen reader says). */
function cardPicture(card, rule) {
  const special = card.amount === undefined;
  const draw = CARD_PICTURES[special ? "special" : card.kind] ?? CARD_PICTURES.special;
  return svg("svg", { class: `dogs-pic dogs-pic-${special ? "special" : card.kind}`, viewBox: "0 0 24 24",
    role: "img", "aria-label": card.name }, svg("title", {}, rule), draw());
}

function cardFace(g, id) {
  const card = g.cat.cards[id];
  const special = card.amount === undefined;
  // The server's words: a card's name, and an action card's effect and when it is played.
  const rule = special ? `${card.name}: ${card.effect} (${card.when})`
    : t("dogs.card-take", { name: card.name, count: card.amount });
  return html("div", {
    class: `dogs-card dogs-card-${special ? "special" : "resource"}`, "data-key": `card-${id}`, "data-target": id,
    title: rule,
  }, cardPicture(card, rule), html("span", { class: "dogs-card-text" },
    html("span", { class: "dogs-card-name" }, card.name),
    special ? html("span", { class: "dogs-card-effect" }, card.effect) : null));
}

function meepleRow(g, box) {
  const row = html("div", { class: "dogs-meeples", "data-key": `meeples-${box}` });
  for (const [seat, free] of g.state.meeples?.[box] ?? []) {
    row.append(html("span", { class: `dogs-meeple dogs-colour-${seatColour(g, seat)}` },
      free ? t("dogs.free-entry", { name: seatName(g, seat) }) : seatName(g, seat)));
  }
  return row;
}

function fairPanel(g) {
  const s = g.state;
  const top = Array.isArray(s.fair_deck) ? s.fair_deck[0] : s.fair_deck?.top;
  const panel = html("div", { class: "dogs-fair", "data-key": "fair" });
  if (top) {
    const names = g.cat.fairCards[top].map((b) => g.cat.breeds[b].name).join(", ");
    panel.append(html("p", {}, t("dogs.sells", { names })));
  }
  panel.append(html("p", {}, s.fair.length ? t("dogs.buy-for", { count: s.fair_price }) : t("dogs.nothing-to-buy")));
  panel.append(dogRow(g, s.fair));
  return panel;
}

function offerLine(g) {
  const o = g.state.offer;
  return html("p", { class: "dogs-offer", "data-key": "offer" },
    t(o.sick ? "dogs.donates-sick" : "dogs.donates",
      { donor: seatName(g, o.donor), dog: dogName(g, o.token), name: seatName(g, o.to) }));
}

// --- kennels --------------------------------------------------------------------------------------------------

function kennels(g) {
  const section = html("section", { class: "dogs-kennels", "aria-label": t("dogs.kennels") });
  // The page's own kennel first: it is the one its player reads most.
  const order = g.state.kennels.map((_, seat) => seat).sort((a, b) => (b === g.seat) - (a === g.seat));
  for (const seat of order) section.append(kennelPanel(g, seat));
  return section;
}

function kennelPanel(g, seat) {
  const k = g.state.kennels[seat];
  const acting = g.state.pending?.seat === seat;
  const panel = html("article", {
    class: `dogs-kennel dogs-colour-${k.colour}${acting ? " dogs-acting" : ""}`,
    "aria-label": t("dogs.kennel-of", { name: seatName(g, seat) }),
  });
  panel.append(html("h3", {}, html("span", { class: "dogs-swatch" }), seatName(g, seat),
    seat === g.state.start ? html("span", { class: "dogs-tag" }, t("dogs.start")) : null,
    acting ? html("span", { class: "dogs-tag dogs-tag-acting" }, t("dogs.to-act")) : null,
    finalScore(g, seat)));
  panel.append(resourceLine(g, seat), truckLine(g, seat), pens(g, seat), infirmary(g, seat), heldCards(g, seat));
  return panel;
}

function finalScore(g, seat) {
  const score = g.state.scores?.find((sc) => sc.seat === seat);
  if (!score) return null;
  const won = g.state.winners?.includes(seat) ? ` · ${t("dogs.winner")}` : "";
  return html("span", { class: "dogs-tag dogs-tag-score", "data-key": `score-${seat}` },
    `${t("dogs.points", { count: score.total })}${won}`);
}

function resourceLine(g, seat) {
  const k = g.state.kennels[seat];
  const list = html("ul", { class: "dogs-resources", "data-key": `resources-${seat}` });
  list.append(html("li", {}, html("b", {}, String(k.coins)), ` ${t("dogs.coins", { count: k.coins })}`));
  for (const key of RESOURCES) list.append(html("li", {}, html("b", {}, String(k[key])), ` ${t(`dogs.${key}`)}`));
  const helper = k.helper ? t("dogs.helper-hired") : t("dogs.no-helper");
  list.append(html("li", {}, `${helper} · ${t("dogs.meeples", { count: k.meeples })}`));
  return list;
}

function truckLine(g, seat) {
  const k = g.state.kennels[seat];
  const where = k.truck === "HOME" ? t("dogs.truck-home") : k.truck === "CENTER" ? t("dogs.truck-center")
    : t("dogs.truck-on", { space: k.truck });
  return html("div", { class: "dogs-truckline", "data-key": `load-${seat}` }, where,
    k.load.length ? html("span", {}, ` ${t("dogs.carrying")} `, dogRow(g, k.load, true)) : null);
}

function pens(g, seat) {
  const k = g.state.kennels[seat];
  const row = html("div", { class: "dogs-pens" });
  const next = g.content.pens.find((p) => !(p.id in k.pens));
  for (const pen of g.content.pens) {
    const built = pen.id in k.pens;
    const points = pen.points ? t("dogs.pts", { count: pen.points }) : "";
    const body = html("div", { "data-key": `pen-${seat}-${pen.id}` },
      html("div", { class: "dogs-pen-head" }, html("b", {}, pen.id), points ? ` ${points}` : "",
        k.flags?.[pen.id] ? html("span", { class: "dogs-flag", title: t("dogs.full-pen") }, " ★") : ""),
      built ? penSlots(g, k.pens[pen.id]) : html("span", { class: "dogs-none" }, t("dogs.not-built")));
    // Pens are named alike in every kennel: a choice names the page's own.
    const target = seat === g.seat ? pen.id : null;
    const box = html("div", { class: `dogs-pen${built ? "" : " dogs-pen-unbuilt"}`, "data-target": target }, body);
    row.append(!built && pen === next && seat === g.seat ? offer(box, g, g.offers.pen ?? undefined) : box);
  }
  return row;
}

function penSlots(g, tokens) {
  const slots = html("div", { class: "dogs-slots" });
  for (let i = 0; i < 4; i++) {
    slots.append(tokens[i] ? dogChip(g, tokens[i], false) : html("span", { class: "dogs-slot" }));
  }
  return slots;
}

function infirmary(g, seat) {
  const k = g.state.kennels[seat];
  return html("div", { class: "dogs-infirmary", "data-key": `infirmary-${seat}` },
    html("span", { class: "dogs-label" }, t("dogs.infirmary", { count: k.infirmary.length, limit: 6 })),
    k.infirmary.length ? dogRow(g, k.infirmary, false, true) : html("span", { class: "dogs-none" }, t("dogs.empty")));
}

function heldCards(g, seat) {
  const k = g.state.kennels[seat];
  const row = html("div", { class: "dogs-held", "data-key": `cards-${seat}` },
    html("span", { class: "dogs-label" }, t("dogs.cards")));
  if (!k.cards.length) row.append(html("span", { class: "dogs-none" }, t("dogs.none")));
  for (const card of k.cards) row.append(cardFace(g, card));
  return row;
}

/** A row of dog chips; symbols shows each token's printed lost/sick mark (on trucks), sick marks them all sick. */
function dogRow(g, tokens, symbols = false, sick = false) {
  return html("span", { class: "dogs-dogrow" }, tokens.map((token) => dogChip(g, token, symbols, sick)));
}

function dogChip(g, token, symbols, sick = false) {
  const breed = g.cat.breeds[breedOf(g, token)];
  const symbol = sick ? "sick" : symbols ? symbolOf(g, token) : "healthy";
  return html("span", {
    class: `dogs-chip${symbol === "healthy" ? "" : ` dogs-chip-${symbol}`}`, style: `background: ${breedFill(breed)}`,
    "data-target": token,
    title: `${dogName(g, token)}${symbol === "healthy" ? "" : ` (${t(`dogs.symbol.${symbol}`)})`}`,
  }, breed.code, symbol === "healthy" ? "" : html("span", { class: "dogs-chip-mark" }, symbol === "lost" ? "?" : "+"));
}
