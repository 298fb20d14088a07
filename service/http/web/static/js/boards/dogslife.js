// A Dog's Life: the city map as SVG from the catalogue's coordinates, the dogs, the dogcatcher's truck, the items
// on the streets, and a sheet per dog. Board clicks: a space to move to, a dog to attack, a truck route's end.

import { t } from "../i18n.js";
import { motionMs, reducedMotion, walkFrames } from "../motion.js";
import { fill, h } from "../ui.js";
import { cardPicture, deckPicture, itemPicture, svg, title } from "./dogslife/cards.js";

/** SVG units per board cell; the map's text sizes in the CSS are in the same units. */
const CELL = 10;
/** How far apart dogs sharing a space stand (a dog's disc and its carry mark are 7 units wide). */
const DOG_SPREAD = 7.4;
/** How far down and right of its square's centre a dog stands beside the square's feature. */
const DOG_ASIDE = 3;
/** Room left and above the map for the column letters and row numbers. */
const MARGIN = 6;
/** One colour per seat (white text on each is above 4.5:1). */
const SEAT_COLOURS = ["#1d4ed8", "#b91c1c", "#15803d", "#7e22ce", "#b45309", "#be185d"];
const HEADING_ANGLES = { "1,0": 0, "0,1": 90, "-1,0": 180, "0,-1": -90 };
// The catalogue's keys of the truck's headings, the phases and the reasons of a win.
const HEADING_NAMES = { 0: "east", 90: "south", 180: "west", "-90": "north" };
const PHASES = ["setup", "start", "actions", "truck", "between", "over"];
const WIN_REASONS = ["target", "time", "tiebreak"];

/** Where each piece stood at the last draw, so that a piece that moved walks from there (same game only). */
let lastDraw = { game: null, spots: new Map() };

/** Draw the game into root (clear and redraw every time). */
export function drawBoard(root, ctx) {
  if (!ctx.state) {
    fill(root, waiting(ctx.view));
    return;
  }
  const board = boardOf(ctx.content);
  const wrap = h("div", { class: "dl" });
  const frame = h("div", { class: "dl-frame" }, wrap);
  // On a phone the map is wider than the screen (every square a 44 px tap) and pans in its own box.
  const pan = h("div", { class: "dl-map-pan" }, mapSvg(board, ctx));
  const map = h("div", { class: "dl-map-wrap" }, pan, legend());
  const side = h("div", { class: "dl-side" }, sheets(board, ctx), supplies(ctx.state));
  wrap.append(statusLine(board, ctx), map, side);
  fill(root, frame);
  keepInSight(pan, ctx.view.id);
  glide(wrap, ctx.view.id, ctx.content);
}

/** Where the player panned the map to (a redraw makes a new map: it opens where the last one was left). */
let panned = { game: null, left: 0 };

/** On a map wider than its box (a phone), keep the player's pan across redraws, and bring the dog to act into sight
 * when it is outside the box. */
function keepInSight(pan, gameId) {
  if (panned.game === gameId) pan.scrollLeft = panned.left;
  const dog = pan.querySelector(".dl-dog.dl-active");
  if (dog && pan.scrollWidth > pan.clientWidth) {
    const box = pan.getBoundingClientRect();
    const at = dog.getBoundingClientRect();
    if (at.left < box.left || at.right > box.right) pan.scrollLeft += at.left - box.left - (box.width - at.width) / 2;
  }
  panned = { game: gameId, left: pan.scrollLeft };
  pan.addEventListener("scroll", () => { panned = { game: gameId, left: pan.scrollLeft }; });
}

// --- building blocks ---------------------------------------------------------------------------------------------

/** Make an element one of the seat's moves, the way the shell expects (it sends ctx.moves[i] on click/Enter). */
function playable(node, ctx, index) {
  node.dataset.move = String(index);
  node.classList.add("playable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", ctx.moves[index].label);
  node.append(title(ctx.moves[index].label));
  return node;
}

function waiting(view) {
  const seats = (view && view.seats) || [];
  const taken = seats.filter((s) => s.claimed).length;
  return h("p", { class: "dl-waiting" }, `Waiting for players: ${taken} of ${seats.length} seats taken.`);
}

// --- the board from the catalogue -------------------------------------------------------------------------------

/** The catalogue's board with lookups: spaces by id, and each cell's column and row. */
function boardOf(content) {
  const b = content.board;
  const spaces = new Map(b.spaces.map((s) => [s.id, s]));
  const cellXY = (cell) => [b.columns.indexOf(cell[0]), Number(cell.slice(1)) - 1];
  const covered = new Set(b.spaces.flatMap((s) => (s.kind === "street" ? [s.id] : s.footprint)));
  const scenery = [];
  for (let x = 0; x < b.width; x++) {
    for (let y = 0; y < b.height; y++) {
      const id = `${b.columns[x]}${y + 1}`;
      if (!covered.has(id)) scenery.push([x, y]);
    }
  }
  const dogs = new Map(content.dogs.map((d) => [d.id, d]));
  const cards = new Map(content.cards.map((c) => [c.id, c]));
  const houses = new Map(content.newspapers.map((n) => [n.address, n.house]));
  return { ...b, spaces, cellXY, scenery, dogs, cards, houses };
}

/** The bounding box of a space in SVG units: one cell for a street, the footprint for a building. */
function box(board, space) {
  const cells = space.kind === "street" ? [space.id] : space.footprint;
  const xs = cells.map((c) => board.cellXY(c)[0]);
  const ys = cells.map((c) => board.cellXY(c)[1]);
  const x = Math.min(...xs) * CELL;
  const y = Math.min(...ys) * CELL;
  return { x, y, w: (Math.max(...xs) + 1) * CELL - x, h: (Math.max(...ys) + 1) * CELL - y };
}

function centre(board, id) {
  const s = board.spaces.get(id);
  return [s.x * CELL, s.y * CELL];
}

/** A space as a player names it: a street cell by its id, a building by its kind and number. */
function placeName(board, id) {
  const s = board.spaces.get(id);
  if (!s || s.kind === "street") {
    return s && s.feature ? `${id} (${t(`dogslife.feature.${s.feature}`)})` : id;
  }
  if (s.kind === "kiosk" || s.kind === "pound") return t(`dogslife.place.${s.kind}`);
  return t(`dogslife.place.${s.kind}`, { number: id.replace(/\D/g, "") });
}

function shortLabel(s) {
  const number = s.id.replace(/\D/g, "");
  return t(`dogslife.short.${s.kind}`, { number });
}

function dogName(board, dogId) {
  return dogId ? board.dogs.get(dogId).name : t("dogslife.no-dog");
}

/** One letter per breed for its piece: the last word's initial (Shepherd, Boxer, Poodle, Terrier, Husky, Labrador). */
function initial(board, dogId) {
  return dogId ? board.dogs.get(dogId).name.split(" ").pop()[0] : "?";
}

function seatName(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || t("seat.fallback", { number: seat + 1 });
}

// --- the map ------------------------------------------------------------------------------------------------------

function mapSvg(board, ctx) {
  const size = (n) => n * CELL + MARGIN;
  const root = svg("svg", {
    class: "dl-map",
    viewBox: `${-MARGIN} ${-MARGIN} ${size(board.width)} ${size(board.height)}`,
    role: "group",
    "aria-label": t("dogslife.map"),
  });
  root.append(
    axes(board),
    ground(board),
    buildings(board, ctx),
    features(board, ctx),
    items(board, ctx.state),
    truck(board, ctx.state.truck),
    dogs(board, ctx),
    routes(board, ctx),
    targets(board, ctx),
    hits(board),
  );
  return root;
}

function axes(board) {
  const g = svg("g", { class: "dl-axes", "aria-hidden": "true" });
  for (let x = 0; x < board.width; x++) {
    g.append(svg("text", { x: x * CELL + CELL / 2, y: -MARGIN / 2 }, board.columns[x]));
  }
  for (let y = 0; y < board.height; y++) {
    g.append(svg("text", { x: -MARGIN / 2, y: y * CELL + CELL / 2 }, String(y + 1)));
  }
  return g;
}

function ground(board) {
  const g = svg("g", { class: "dl-ground", "aria-hidden": "true" });
  for (const [x, y] of board.scenery) {
    g.append(svg("rect", { class: "dl-scenery", x: x * CELL, y: y * CELL, width: CELL, height: CELL }));
  }
  for (const s of board.spaces.values()) {
    if (s.kind !== "street") continue;
    const { x, y } = box(board, s);
    g.append(svg("rect", { class: "dl-street", x, y, width: CELL, height: CELL }, title(s.id)));
  }
  return g;
}

function buildings(board, ctx) {
  const g = svg("g", { class: "dl-buildings" });
  const owners = new Map(ctx.state.seats.map((d, seat) => [d.den, seat]));
  for (const s of board.spaces.values()) {
    if (s.kind === "street") continue;
    const { x, y, w, h } = box(board, s);
    const owner = owners.get(s.id);
    const used = s.kind !== "den" || owner !== undefined;
    const part = svg("g", {
      class: `dl-building dl-${s.kind}${used ? "" : " dl-unused"}`,
      style: owner === undefined ? null : `--dl-seat: ${SEAT_COLOURS[owner]}`,
    });
    part.append(svg("rect", { x: x + 0.4, y: y + 0.4, width: w - 0.8, height: h - 0.8, rx: 1.2 }));
    // The name sits at the top, so that a dog inside (drawn lower, see dogSpots) leaves it readable.
    part.append(svg("text", { x: x + w / 2, y: y + 2.5 }, shortLabel(s)));
    for (const cell of s.entrances) part.append(door(board, s, cell));
    const who = owner === undefined ? (used ? "" : `, ${t("dogslife.not-in-use")}`)
      : `, ${t("dogslife.home-of", { name: seatName(ctx, owner) })}`;
    part.append(title(`${placeName(board, s.id)}${who}`));
    g.append(part);
  }
  return g;
}

/** A door on the edge between a building and one of its entrance cells. */
function door(board, s, cell) {
  const [ex, ey] = board.cellXY(cell);
  const inside = s.footprint.map((c) => board.cellXY(c)).find(([fx, fy]) => Math.abs(fx - ex) + Math.abs(fy - ey) === 1);
  const [fx, fy] = inside;
  const mx = ((fx + ex) / 2 + 0.5) * CELL;
  const my = ((fy + ey) / 2 + 0.5) * CELL;
  const half = CELL * 0.28;
  const horizontal = fy !== ey; // the shared edge runs left to right when the cells are above one another
  return svg("line", {
    class: "dl-door",
    x1: horizontal ? mx - half : mx,
    x2: horizontal ? mx + half : mx,
    y1: horizontal ? my : my - half,
    y2: horizontal ? my : my + half,
  });
}

/** Trash cans (searched ones hold a token), lampposts (with their pee mark), fountains: top left of their cell. */
function features(board, ctx) {
  const g = svg("g", { class: "dl-features" });
  const { state } = ctx;
  const searched = new Set(state.searched);
  for (const s of board.spaces.values()) {
    if (!s.feature) continue;
    const [cx, cy] = centre(board, s.id);
    const x = cx - CELL * 0.3;
    const y = cy - CELL * 0.3;
    if (s.feature === "trash") g.append(trashCan(s.id, x, y, searched.has(s.id)));
    if (s.feature === "lamppost") g.append(lamppost(ctx, s.id, x, y, state.marks[s.id]));
    if (s.feature === "fountain") {
      g.append(svg("circle", { class: "dl-fountain", cx: x, cy: y, r: 1.7 },
        title(`${s.id}: ${t("dogslife.feature.fountain")}`)));
    }
  }
  return g;
}

function trashCan(cell, x, y, searched) {
  const g = svg("g", { class: `dl-trash${searched ? " dl-searched" : ""}`, "data-key": `can-${cell}` });
  g.append(svg("rect", { x: x - 1.3, y: y - 1.5, width: 2.6, height: 3, rx: 0.4 }));
  if (searched) g.append(svg("circle", { class: "dl-token", cx: x + 1, cy: y + 1, r: 1.1 }));
  g.append(title(`${cell}: ${t(searched ? "dogslife.trash-searched" : "dogslife.feature.trash")}`));
  return g;
}

function lamppost(ctx, cell, x, y, marker) {
  const marked = marker !== undefined && marker !== null;
  const g = svg("g", { class: "dl-lamppost", "data-key": `lamp-${cell}` });
  if (marked) {
    g.append(svg("circle", { class: "dl-mark", cx: x, cy: y, r: 2, style: `fill: ${SEAT_COLOURS[marker]}` }));
  }
  g.append(svg("circle", { class: "dl-lamp", cx: x, cy: y, r: 1 }));
  g.append(title(`${cell}: ${marked ? t("dogslife.lamppost-marked", { name: seatName(ctx, marker) })
    : t("dogslife.feature.lamppost")}`));
  return g;
}

/** Bones and newspapers lying on spaces, bottom right of the space. */
function items(board, state) {
  const g = svg("g", { class: "dl-items" });
  for (const [id, spot] of Object.entries(state.ground)) {
    const space = board.spaces.get(id);
    const { x, y, w, h } = box(board, space);
    const papers = Array.isArray(spot.newspapers) ? spot.newspapers.length : spot.newspapers;
    const pile = svg("g", { class: "dl-pile", "data-key": `ground-${id}` });
    let left = x + w - 2.2;
    if (papers) {
      pile.append(newspaperIcon(left, y + h - 2.2, papers));
      left -= 4.4;
    }
    if (spot.bones) pile.append(boneIcon(left, y + h - 2.2, spot.bones));
    const what = [spot.bones && t("dogslife.bones", { count: spot.bones }),
      papers && t("dogslife.newspapers", { count: papers })].filter(Boolean);
    pile.append(title(t("dogslife.lying-on", { place: placeName(board, id), what: what.join(", ") })));
    g.append(pile);
  }
  return g;
}

function boneIcon(x, y, count) {
  const g = svg("g", { class: "dl-bone" });
  g.append(svg("rect", { x: x - 1.5, y: y - 0.45, width: 3, height: 0.9 }));
  for (const [dx, dy] of [[-1.6, -0.5], [-1.6, 0.5], [1.6, -0.5], [1.6, 0.5]]) {
    g.append(svg("circle", { cx: x + dx, cy: y + dy, r: 0.6 }));
  }
  if (count > 1) g.append(svg("text", { class: "dl-count", x, y: y - 1.6 }, String(count)));
  return g;
}

function newspaperIcon(x, y, count) {
  const g = svg("g", { class: "dl-paper" });
  g.append(svg("rect", { x: x - 1.6, y: y - 1.2, width: 3.2, height: 2.4 }));
  g.append(svg("line", { x1: x - 1, y1: y - 0.3, x2: x + 1, y2: y - 0.3 }));
  g.append(svg("line", { x1: x - 1, y1: y + 0.5, x2: x + 1, y2: y + 0.5 }));
  if (count > 1) g.append(svg("text", { class: "dl-count", x, y: y - 1.8 }, String(count)));
  return g;
}

/** The truck's heading in degrees (0 = east) from the cell it came from; east before its first move. */
function headingAngle(board, truckState) {
  if (!truckState.rear) return 0;
  const [x0, y0] = board.cellXY(truckState.rear);
  const [x1, y1] = board.cellXY(truckState.cell);
  return HEADING_ANGLES[`${x1 - x0},${y1 - y0}`] ?? 0;
}

function truck(board, truckState) {
  const [x, y] = centre(board, truckState.cell);
  const angle = headingAngle(board, truckState);
  const heading = truckState.rear ? `, ${t(`dogslife.heading.${HEADING_NAMES[angle]}`)}` : "";
  const g = svg("g", {
    class: "dl-truck dl-piece",
    "data-key": "truck",
    "data-space": truckState.cell,
    "data-x": x,
    "data-y": y,
    transform: `translate(${x} ${y})`,
  });
  const body = svg("g", { transform: `rotate(${angle})` });
  body.append(
    svg("rect", { class: "dl-truck-box", x: -4.3, y: -2.7, width: 5.6, height: 5.4, rx: 0.6 }),
    svg("rect", { class: "dl-truck-cab", x: 1.5, y: -2.3, width: 2.9, height: 4.6, rx: 0.8 }),
    svg("line", { class: "dl-truck-bars", x1: -2.8, y1: -1.9, x2: -2.8, y2: 1.9 }),
    svg("line", { class: "dl-truck-bars", x1: -1.3, y1: -1.9, x2: -1.3, y2: 1.9 }),
    svg("line", { class: "dl-truck-bars", x1: 0.2, y1: -1.9, x2: 0.2, y2: 1.9 }),
  );
  g.append(body, title(`${t("dogslife.truck-on", { cell: truckState.cell })}${heading}`));
  return g;
}

/** The routes the truck may take at a fork; the seat's own choices are clickable at their end. */
function routes(board, ctx) {
  const g = svg("g", { class: "dl-routes" });
  const start = centre(board, ctx.state.truck.cell);
  const choices = ctx.moves
    .map((move, index) => ({ move, index }))
    .filter(({ move }) => move.command.type === "ChooseTruckRoute" && move.command.route);
  const offered = choices.length
    ? choices.map(({ move, index }) => ({ route: move.command.route, index }))
    : (ctx.state.routes || []).map((route) => ({ route, index: null }));
  const ends = offered.map(({ route }) => route[route.length - 1]);
  const seen = new Map();
  for (const { route, index } of offered) {
    const end = route[route.length - 1];
    const nth = seen.get(end) || 0;
    seen.set(end, nth + 1);
    const shared = ends.filter((e) => e === end).length;
    const points = [start, ...route.map((c) => centre(board, c))];
    const part = svg("g", { class: "dl-route" });
    part.append(svg("polyline", { class: "dl-route-line", points: points.map((p) => p.join(",")).join(" ") }));
    const [ex, ey] = points[points.length - 1];
    // Routes that end on the same cell (round a block) sit side by side, so each stays a target of its own.
    const marker = svg("circle", { class: "dl-route-end", cx: ex + (nth - (shared - 1) / 2) * 4, cy: ey + 2.6, r: 1.9 });
    part.append(marker);
    if (index !== null) playable(part, ctx, index);
    g.append(part);
  }
  return g;
}

/** Where each dog stands: its space's centre, side by side when several share a space (the pound, in transit). */
function dogSpots(board, state) {
  const bySpace = new Map();
  state.seats.forEach((dog, seat) => {
    const where = dog.space ?? (dog.pound ? "POUND" : null);
    if (where === null) return;
    if (!bySpace.has(where)) bySpace.set(where, []);
    bySpace.get(where).push(seat);
  });
  const spots = new Map();
  for (const [where, seats] of bySpace) {
    const [cx, cy] = centre(board, where);
    const pound = where === "POUND";
    const inside = board.spaces.get(where).kind !== "street" ? 2 : 0;
    // Dogs sharing a space stand apart, two to a row; a street's feature (a lamppost and its mark, a trash can, a
    // fountain) sits top left of its square, so dogs there stand lower right and the mark just made stays in sight.
    const aside = !pound && board.spaces.get(where).feature ? DOG_ASIDE : 0;
    const cols = Math.min(seats.length, 2);
    const rows = Math.ceil(seats.length / cols);
    seats.forEach((seat, i) => {
      const dx = (pound ? i - (seats.length - 1) / 2 : (i % cols) - (cols - 1) / 2) * DOG_SPREAD;
      // In the pound, dogs still on its track sit low; dogs that got out stand higher, by the exit.
      const dy = pound ? (state.seats[seat].pound ? 4.5 : -0.5)
        : inside + (Math.floor(i / cols) - (rows - 1) / 2) * DOG_SPREAD;
      spots.set(seat, [cx + dx + aside, cy + dy + aside]);
    });
  }
  return spots;
}

function dogs(board, ctx) {
  const g = svg("g", { class: "dl-dogs" });
  const { state } = ctx;
  const spots = dogSpots(board, state);
  for (const [seat, [x, y]] of spots) {
    const dog = state.seats[seat];
    const active = seat === state.active && state.phase !== "over";
    const piece = svg("g", {
      class: `dl-dog dl-piece${active ? " dl-active" : ""}`,
      "data-key": `dog-${seat}`,
      "data-space": dog.space ?? (dog.pound ? "POUND" : null),
      "data-x": x,
      "data-y": y,
      transform: `translate(${x} ${y})`,
      style: `--dl-seat: ${SEAT_COLOURS[seat]}`,
      "data-target": dog.dog,
    });
    piece.append(svg("circle", { r: 3.1 }), svg("text", { y: 0.1 }, initial(board, dog.dog)));
    if (dog.pound) piece.append(svg("text", { class: "dl-track", x: 3.2, y: -2.6 }, String(dog.pound)));
    const carried = dog.carrying.filter((item) => item !== null).length;
    if (carried) piece.append(svg("circle", { class: "dl-carry", cx: -2.6, cy: -2.6, r: 1.2 }));
    const where = dog.space ? placeName(board, dog.space) : t("dogslife.in-pound", { space: dog.pound });
    piece.append(title(t("dogslife.dog-of", { name: seatName(ctx, seat), dog: dogName(board, dog.dog), where })));
    g.append(piece);
  }
  return g;
}

/** The seat's Move and Attack commands as clickable spaces and dogs, on top of everything else. */
function targets(board, ctx) {
  const g = svg("g", { class: "dl-targets" });
  const spots = dogSpots(board, ctx.state);
  ctx.moves.forEach((move, index) => {
    const command = move.command;
    if (command.type === "Move") {
      const { x, y, w, h } = box(board, board.spaces.get(command.to));
      // The whole square takes the tap (44 px and more on a phone's panned map); its lit frame is drawn inside.
      const target = svg("rect", { class: "dl-target", x, y, width: w, height: h, rx: 1.5 });
      g.append(playable(target, ctx, index));
    } else if (command.type === "Attack" && spots.has(command.target_seat)) {
      const [x, y] = spots.get(command.target_seat);
      g.append(playable(svg("circle", { class: "dl-target dl-attack", cx: x, cy: y, r: 5 }), ctx, index));
    }
  });
  return g;
}

/** Every space as a target a choice may name (`data-target`: its id), above everything; only the ones the shell
 * lights take clicks. */
function hits(board) {
  const g = svg("g", { class: "dl-hits" });
  for (const s of board.spaces.values()) {
    const { x, y, w, h } = box(board, s);
    g.append(svg("rect", { class: "dl-hit", x, y, width: w, height: h, rx: 1.5, "data-target": s.id }));
  }
  return g;
}

/** Pieces that moved since the last draw of this game walk from where they stood, space by space (the redraw keeps no
 * element), taking the time of one event at the speed the player chose; a redraw during a walk carries it on from
 * where it has got to. */
function glide(wrap, gameId, content) {
  const spots = new Map();
  const now = performance.now();
  const ms = motionMs() * 0.8;
  for (const piece of wrap.querySelectorAll(".dl-piece[data-key]")) {
    const to = [Number(piece.dataset.x), Number(piece.dataset.y)];
    const before = lastDraw.game === gameId ? lastDraw.spots.get(piece.dataset.key) : null;
    let spot = { from: null, to, space: piece.dataset.space, start: now };
    if (before && (before.to[0] !== to[0] || before.to[1] !== to[1])) {
      spot = { from: before.to, fromSpace: before.space, to, space: piece.dataset.space, start: now };
    } else if (before && before.from && now - before.start < ms) {
      spot = { ...before };
    }
    spots.set(piece.dataset.key, spot);
    if (!spot.from || !ms || reducedMotion() || !piece.animate) continue;
    const motion = piece.animate(walkFrames(piece, content, spot.fromSpace, spot.from, to),
      { duration: ms, easing: "linear" });
    motion.currentTime = now - spot.start;
  }
  lastDraw = { game: gameId, spots };
}

// --- beside the map ---------------------------------------------------------------------------------------------

function statusLine(board, ctx) {
  const { state } = ctx;
  const parts = [];
  if (state.phase === "over") {
    const winner = state.winner;
    const reason = WIN_REASONS.includes(state.win_reason) ? t(`dogslife.win.${state.win_reason}`) : state.win_reason;
    const dog = dogName(board, state.seats[winner].dog);
    parts.push(t("dogslife.wins", { name: seatName(ctx, winner), dog, reason }));
  } else if (state.phase === "setup") {
    parts.push(t(state.options.dog_assignment === "choose" ? "dogslife.choosing-dogs" : "dogslife.dealing"));
  } else {
    const active = state.active;
    const who = active === ctx.seat ? t("game.your-turn-title")
      : t("dogslife.turn-of", { name: seatName(ctx, active) });
    let doing = PHASES.includes(state.phase) ? t(`dogslife.phase.${state.phase}`) : state.phase;
    if (state.phase === "actions") doing = t("dogslife.ap-left", { count: state.ap });
    if (state.phase === "truck" && state.routes.length) {
      const roll = state.routes[0].length;
      doing = t(active === ctx.seat ? "dogslife.truck-rolled-choose" : "dogslife.truck-rolled", { roll });
    }
    const round = t(roundsLimit(state) ? "dogslife.round-of" : "dogslife.round",
      { round: state.round, rounds: roundsLimit(state) });
    parts.push(`${round} · ${who} (${dogName(board, state.seats[active].dog)}): ${doing}`);
  }
  if (state.sudden_death.length) {
    parts.push(t("dogslife.sudden-death", { names: state.sudden_death.map((s) => seatName(ctx, s)).join(", ") }));
  } else if (state.time_up && state.phase !== "over") {
    parts.push(t("dogslife.time-up"));
  }
  const mine = ctx.seat !== null && ctx.seat !== undefined && state.active === ctx.seat && !!ctx.node;
  return h("p", { class: `dl-status${mine ? " dl-yours" : ""}` }, parts.join(" · "));
}

function roundsLimit(state) {
  const rounds = state.options.timed_rounds;
  return rounds && state.round <= rounds ? rounds : null;
}

function sheets(board, ctx) {
  const list = h("div", { class: "dl-sheets" });
  ctx.state.seats.forEach((dog, seat) => list.append(sheet(board, ctx, dog, seat)));
  return list;
}

function sheet(board, ctx, dog, seat) {
  const { state } = ctx;
  const active = seat === state.active && state.phase !== "over";
  const tags = [active && t("dogslife.to-play"), state.winner === seat && t("dogslife.winner")].filter(Boolean);
  const head = h(
    "h3",
    {},
    h("span", { class: "dl-swatch", "aria-hidden": "true" }, initial(board, dog.dog)),
    ` ${seatName(ctx, seat)} · ${dogName(board, dog.dog)}`,
    tags.length ? h("span", { class: "dl-tags" }, ` (${tags.join(", ")})`) : null,
  );
  const where = dog.space
    ? placeName(board, dog.space)
    : dog.pound
      ? t("dogslife.pound-track", { space: dog.pound, limit: 3 })
      : t("dogslife.nowhere");
  const target = state.options.bone_target;
  const rows = [
    [t("dogslife.home"), dog.den ? placeName(board, dog.den) : t("dogslife.not-dealt")],
    [t("dogslife.on"), where],
    [t("dogslife.hunger"), pips(dog.hunger, 4, "dl-food")],
    [t("dogslife.bladder"), h("span", {}, pips(dog.bladder, 2, "dl-water"),
      ` ${t("dogslife.reserve", { count: dog.reserve })}`)],
    [t("dogslife.carries"), carrying(board, dog.carrying)],
    [t("dogslife.buried"), h("span", {}, pips(dog.buried, target, "dl-buried"),
      ` ${t("dogslife.of", { value: dog.buried, limit: target })}`)],
    [t("dogslife.cards"), cardsLine(board, dog)],
  ];
  if (active && state.phase === "actions") rows.splice(2, 0, [t("dogslife.ap"), String(state.ap)]);
  const table = h("dl", {});
  for (const [term, value] of rows) table.append(h("dt", {}, term), h("dd", {}, value));
  return h(
    "section",
    {
      class: `dl-sheet${active ? " dl-active" : ""}`,
      "data-key": `sheet-${seat}`,
      style: `--dl-seat: ${SEAT_COLOURS[seat]}`,
      "aria-label": t("dogslife.dog-of-seat", { name: seatName(ctx, seat) }),
    },
    head,
    table,
  );
}

/** A filled-or-empty row of dots, with its number for screen readers. */
function pips(value, outOf, kind) {
  const label = t("dogslife.of", { value, limit: outOf });
  const row = h("span", { class: `dl-pips ${kind}`, role: "img", "aria-label": label });
  for (let i = 0; i < outOf; i++) row.append(h("span", { class: i < value ? "dl-pip dl-full" : "dl-pip" }));
  return row;
}

/** The carried items as pictures, each with what it is for as its tooltip. */
function carrying(board, slots) {
  const houseName = (address) => placeName(board, board.houses.get(address));
  return h("span", { class: "dl-items-carried" }, slots.map((item) => itemPicture(item, houseName)));
}

/** The deck face down with its count, and the card drawn last face up (its rule as its tooltip). */
function cardsLine(board, dog) {
  const deck = Array.isArray(dog.deck) ? dog.deck.length : dog.deck;
  const last = dog.discard.length ? board.cards.get(dog.discard[dog.discard.length - 1]) : null;
  return h("span", { class: "dl-cards" }, deckPicture(deck), last ? cardPicture(last, "dl-last") : null);
}

function supplies(state) {
  const stack = Array.isArray(state.stack) ? state.stack.length : state.stack;
  const list = h("ul", { class: "dl-supplies", "data-key": "supplies" });
  for (const text of [
    t("dogslife.supply-bones", { count: state.bones }),
    t("dogslife.supply-tokens", { count: state.tokens }),
    t("dogslife.supply-papers", { count: stack }),
  ]) {
    list.append(h("li", {}, text));
  }
  return list;
}

function legend() {
  const entries = [
    ["dl-key-dog", t("dogslife.key.dog")],
    ["dl-key-truck", t("dogslife.key.truck")],
    ["dl-key-trash", t("dogslife.key.trash")],
    ["dl-key-lamp", t("dogslife.key.lamp")],
    ["dl-key-fountain", t("dogslife.feature.fountain")],
    ["dl-key-building", t("dogslife.key.building")],
    ["dl-key-target", t("dogslife.key.target")],
  ];
  const list = h("ul", { class: "dl-legend", "aria-label": t("dogslife.legend") });
  for (const [kind, text] of entries) {
    list.append(h("li", {}, h("span", { class: `dl-key ${kind}`, "aria-hidden": "true" }), ` ${text}`));
  }
  return h("section", { class: "dl-legend-box" }, h("h3", {}, t("dogslife.legend")), list);
}
