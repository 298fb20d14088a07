// A client of dogpark made from its OpenAPI document alone: openapi-typescript's types of api_spec/openapi.yaml
// (generated/dogpark.d.ts) used through openapi-fetch. It creates a game, claims a seat, reads the seat's view in
// Portuguese, tells the four games' states apart by their `game`, picks a legal move and posts it as it is, then
// walks the choice tree to a finished move. tsc checks it (type-level only: it never runs in the tests).
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/dogpark";

type Schemas = components["schemas"];
type GameView = Schemas["GameView"];
type LegalMove = Schemas["LegalMove"];
type ChoiceNode = Schemas["ChoiceNode"];

// What an answer always holds is no optional field: the optional keys of each type, checked at compile time.
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
export type AlwaysThere = [
  Expect<Equal<OptionalKeys<GameView>, "clocks" | "rated" | "private" | "rematch" | "spectator_chat" | "spectator_delay" | "undo" | "hints">>,
  Expect<Equal<OptionalKeys<LegalMove>, never>>,
  Expect<Equal<OptionalKeys<Schemas["CommandResult"]>, never>>,
  Expect<Equal<OptionalKeys<Schemas["Claimed"]>, never>>,
  Expect<Equal<OptionalKeys<Schemas["Event"]>, never>>,
  Expect<Equal<OptionalKeys<Schemas["Seat"]>, "replaced_by" | "reserved">>,
  Expect<Equal<OptionalKeys<ChoiceNode>, never>>,
  Expect<Equal<OptionalKeys<Schemas["ChoiceOption"]>, "target" | "next" | "command">>,
  Expect<Equal<OptionalKeys<Schemas["FelixView"]>, never>>,
];

const api = createClient<paths>({ baseUrl: "http://127.0.0.1:8000" });

/** Where the game stands, in each game's own terms: the state narrows on its `game`. */
export function standing(view: GameView): string {
  const state = view.state;
  if (state === null) {
    return `open: ${view.seats.filter((seat) => !seat.claimed).length} seats to claim`;
  }
  switch (state.game) {
    case "felix":
      return `round ${state.round} of ${state.rounds}, ${state.bank} mice in the bank`;
    case "spots":
      return `${state.deck.size} dog cards left`;
    case "dogs":
      return `round ${state.round}, phase ${state.phase}, ${state.kennels.length} kennels`;
    case "dogslife":
      return `${state.bones} bones left, the truck at ${state.truck.cell}`;
  }
}

/** A Felix bid's amount: the command narrows on its `type`, which gives its arguments their types. */
export function amount(move: LegalMove): number | null {
  const command = move.command;
  return command.type === "Bid" ? command.amount : null;
}

/** The first finished move of a choice tree: a leaf's command, or the first leaf below its next node. */
export function firstLeaf(node: ChoiceNode): LegalMove["command"] | null {
  for (const option of node.options) {
    if (option.command !== undefined) {
      return option.command;
    }
    const below = option.next === undefined ? null : firstLeaf(option.next);
    if (below !== null) {
      return below;
    }
  }
  return null;
}

/** Play one move of a new Felix game as seat 0, then one more through the choices. */
export async function play(): Promise<void> {
  const created = await api.POST("/v1/games", {
    body: { type: "felix", options: {}, seats: [{ human: true, name: "Ana" }, { bot: "greedy" }, { bot: "random" }] },
  });
  if (created.data === undefined) {
    throw new Error(`not created: ${created.response.status}`);
  }
  const game_id = created.data.id;
  const claimed = await api.POST("/v1/games/{game_id}/seats/{seat}", {
    params: { path: { game_id, seat: 0 } },
    body: { name: "Ana" },
  });
  if (claimed.data === undefined) {
    throw new Error(`not claimed: ${claimed.response.status}`);
  }
  const token: string | null = claimed.data.token;
  const headers = token === null ? {} : { Authorization: `Bearer ${token}` };
  const read = await api.GET("/v1/games/{game_id}", {
    params: { path: { game_id } },
    headers: { ...headers, "Accept-Language": "pt" },
  });
  if (read.data === undefined) {
    throw new Error(`not read: ${read.response.status}`);
  }
  const view: GameView = read.data;
  console.log(read.response.headers.get("Content-Language"), standing(view), view.you, view.to_act.join(", "));
  const move = view.legal_moves.find((legal) => amount(legal) !== null) ?? view.legal_moves[0];
  if (move === undefined) {
    return;
  }
  console.log(move.label, move.label_key, Object.keys(move.label_args));
  const sent = await api.POST("/v1/games/{game_id}/commands", {
    params: { path: { game_id } },
    body: move,
    headers,
  });
  if (sent.data === undefined) {
    throw new Error(`refused: ${sent.response.status}`);
  }
  for (const event of sent.data.events) {
    console.log(event.version, event.type, event.text, event.text_key, event.actor.kind);
  }
  const next = sent.data.game;
  const leaf = next.choices === null ? null : firstLeaf(next.choices);
  if (leaf !== null) {
    await api.POST("/v1/games/{game_id}/commands", {
      params: { path: { game_id } },
      body: { command: leaf, expected_version: next.version },
      headers,
    });
  }
  await api.POST("/v1/games/{game_id}/commands", {
    params: { path: { game_id } },
    body: { command: { type: "Resign" } },
    headers,
  });
}
