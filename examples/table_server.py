"""pitchcore's table layer inside another framework: a websocket server with the
``websockets`` library alone (no Starlette, no database), one table, a person at seat 0
against three bots. Run it, then connect with any websocket client:

    python examples/table_server.py            # prints the address and seat 0's credential

and send ``{"type": "hello", "credential": "..."}`` then moves such as
``{"type": "move", "move": "bid 2"}``. The messages are those of ``pitchcore serve``
(docs/server-api.md); the table checks every credential and move.
"""

import asyncio
import json

from websockets.asyncio.server import broadcast, serve

import pitchcore
from pitchcore.serving import SeatError, Table

table = Table(pitchcore.new_game("auction-pitch"), ["human", "heuristic", "heuristic", "heuristic"])
credential = table.join(0, "You")  # hand it to the player: it is the seat
connections = {}  # websocket -> its seat (None: a spectator)


def send(update):
    for ws, seat in list(connections.items()):
        broadcast([ws], update.to(seat))  # (never waits: a client that does not read is skipped)


def bots():
    while (update := table.bot_move()) is not None:
        send(update)


async def player(ws):
    hello = json.loads(await ws.recv())
    try:
        seat = table.seat_of(hello["credential"]) if "credential" in hello else None
    except SeatError as error:
        await ws.close(4001, str(error))
        return
    connections[ws] = seat
    await ws.send(table.snapshot(seat))
    try:
        async for text in ws:
            try:
                send(table.move(hello.get("credential"), json.loads(text).get("move")))
            except (SeatError, pitchcore.IllegalMove, ValueError, AttributeError) as error:
                await ws.send(json.dumps({"type": "error", "message": str(error)}))
            bots()
    finally:
        del connections[ws]


async def main():
    bots()  # (the bots bid before seat 0 does)
    async with serve(player, "127.0.0.1", 0, max_size=4096) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"ws://127.0.0.1:{port}/ credential={credential}", flush=True)
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
