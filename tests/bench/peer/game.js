/**
 * The counter game for boardgame.io, move for move the game dogpark plays as `counter` (domain/counter/moves.py):
 * two seats alternate, seat "0" first; a move adds 1 or 2 to the total and to the mover's count and ends the
 * turn; after `moves` moves (setupData, 1000 by default) the game is over, the higher count winning.
 */
import { createRequire } from 'node:module';

// boardgame.io 0.50 ships CommonJS subpath packages without an exports map, which ES imports cannot resolve.
const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require('boardgame.io/core');

const DEFAULT_MOVES = 1000;
const STEPS = [1, 2];

/** The counts' result once the last move is made: scores by seat and the winners (ties share). */
function finalResult(counts) {
  const best = Math.max(...counts);
  return { scores: [...counts], winners: counts.flatMap((count, seat) => (count === best ? [seat] : [])) };
}

/** Add 1 or 2 to the total and the mover's count; anything else is refused, as dogpark refuses it. */
function increment({ G, playerID }, by) {
  if (!STEPS.includes(by)) return INVALID_MOVE;
  G.made += 1;
  G.total += by;
  G.counts[Number(playerID)] += by;
  return undefined;
}

/** The boardgame.io game definition. */
export const Counter = {
  name: 'counter',
  minPlayers: 2,
  maxPlayers: 2,
  setup: (_context, setupData) => ({
    moves: setupData?.moves ?? DEFAULT_MOVES,
    made: 0,
    total: 0,
    counts: [0, 0],
  }),
  moves: { increment },
  // One move per turn: the turn passes after every move, as in dogpark's game.
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (G.made >= G.moves ? finalResult(G.counts) : undefined),
};
