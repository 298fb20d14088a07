/**
 * boardgame.io's server for the counter game: one Node process, Koa's lobby API and socket.io on one port.
 *
 *   NODE_ENV=production node server.js --port 8010 --storage memory
 *   NODE_ENV=production node server.js --port 8010 --storage flatfile --dir /tmp/bgio
 *
 * `memory` is boardgame.io's default InMemory storage (nothing persisted); `flatfile` is its FlatFile storage
 * (node-persist: one JSON file per match state, metadata and log, rewritten on every move). Prints "ready" once
 * it listens.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

import { Counter } from './game.js';

const require = createRequire(import.meta.url);
const { Server, FlatFile } = require('boardgame.io/server');

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8010' },
    storage: { type: 'string', default: 'memory' },
    dir: { type: 'string' },
  },
});

/** The storage the command line names; FlatFile needs --dir. */
function storage({ storage: kind, dir }) {
  if (kind === 'memory') return undefined; // boardgame.io's InMemory default
  if (kind === 'flatfile' && dir) return new FlatFile({ dir });
  throw new Error(`--storage must be memory, or flatfile with --dir (got ${kind})`);
}

const server = Server({ games: [Counter], db: storage(values), origins: [] });
await server.run(Number(values.port));
process.stdout.write('ready\n');
