"""Server-Sent Events: one reader of Redis per web process, feeding every open event stream of the process.

An append PUBLISHes the game's new version, with the appended envelopes while they are small (events/append.lua), and,
when a player's entry in the game changes, the game's id on the player's channel (events/players.py). Each web
process holds one connection subscribed to both, and one deliverer that folds each followed game's news and hands
it, batch by batch, to every stream of the game, with the `turn` of each seat that may act. So the streams of a
process use one Redis connection of their own however many there are, plus the requests' bounded pool;
DOGPARK_STREAM_CONNECTIONS caps how many streams it holds. The reader starts with the first stream of a process
(after gunicorn has forked it, in the worker, where gevent has patched threads into greenlets; under a plain WSGI
server they are threads).

- ``fanout``: what the web side uses: open a stream, follow a game in it, close it; stop them all.
- ``registry``: the open streams and the games they follow, under one lock.
- ``reader``: the listener and the deliverer, and how they ride out a lost connection.
- ``subscription``: one stream's side: what it is handed, and the writing of it to the client's socket.
- ``batches``: one append's envelopes, with their text per seat, made once.
- ``crowds``: handing a batch to many streams without making the requests wait behind them.
- ``greenlets``: what differs between gevent's greenlets and threads.
- ``sse``: the text of the messages.
"""
