"""A short rules page per game (what the companion checks and how it scores), for the Rules
screen. Summaries of shared/RULES.md; the rule core is the authority."""
from __future__ import annotations

RULES: dict[str, str] = {
    "textile": """[b]Textile[/b]  (Dieter Stein) - 2 to 4 players, nestortiles in 5 colours.

- The textile starts as one tile. On your turn: [b]take[/b] a tile into your patch (1-5 tiles in front of you), [b]knot[/b] your patch into the textile, or [b]discard[/b] it.
- No two tiles of the same colour may touch, not even at a corner.
- A knot is 1-5 connected tiles that share at least one edge with the textile.
- Score of a knot = tiles in the patch x knotting sides (edges shared with the textile that was there before).
- Photograph the table after every knot. A photo with an unchanged textile is a take or discard and scores 0.
- Highest total wins when nobody can act.""",
    "octopus": """[b]Nestortiles Octopus[/b]  (Néstor Romeral Andrés) - 2 to 6 players, 60 tiles, 10 colours x pips 1-6.

- The first tile scores 0. Then, in seating order, each player places one tile next to the layout.
- From the new tile, walk in each of the 8 directions: count the tiles in a row with the same colour, and separately with the same pips. The score is the sum of all 16 counts.
- With one set every colour-pips pair exists once.
- Photograph the table after every placement. Highest total wins when all tiles are placed.""",
    "x-tiles": """[b]X-Tiles[/b]  (Tactic) - 48 tiles with 4 sectors: 2 big at the ends, 2 small at the waist.

- Each round every player draws 7 tiles. The start player lays 2 stock tiles and then a third that turns the line.
- Each placement touches the layout and every shared edge matches in colour.
- Touching 2 or more tiles earns an extra turn.
- A round ends when a player places their last tile: 1 point per tile left in the opponents' hands, doubled if that last tile touched 2 or more tiles.
- The game ends when a round winner reaches the target (10 for 2-3 players, 12 for 4-5, 15 for 6). The next round's start player is the winner (or the loser, as set up).""",
    "tapestry": """[b]Universal Tapestry[/b]  (Félix Bernat Julián) - solitaire, 72 cards: 6 rainbow colours x rock, paper, scissors.

- Start with 4 cards on a diagonal. Each turn place, exchange or discard a drawn card.
- Neighbours have the same or a neighbouring rainbow colour (red and purple are not neighbours) and never the same symbol.
- An exchange replaces a card whose symbol the new card beats (rock beats scissors, scissors beat paper, paper beats rock).
- The tapestry spans at most 8 x 8; the goal is the full 8 x 8.
- Mode "discards": score the discarded cards (green and yellow 2, blue and orange 1, red and purple 0); mode "time": rank by the minutes you took.""",
    "twelve-tiles": """[b]Twelve Tiles: Elemental Connection[/b] - 70 tiles with 4 coloured edges, an 8 x 8 board with coloured sides.

- Keep 2 tiles in hand. Place one per turn on an empty cell next to a placed tile (the first anywhere); turn it as you like.
- Score from the new tile's 4 edges: c connections (same colour), m misconnections, b rim edges matching the board side.
- Points = c(c+1)/2 - m + b, so 0, 1, 3, 6 or 10 for 0-4 connections.
- The game ends when all 64 cells are filled. A game without any misconnection is perfect.""",
}

APP_HELP = """[b]How to play with the companion[/b]

1. [b]New game[/b]: pick the game, type the players in seating order, choose the options.
2. After each turn, [b]take a photo[/b] of the whole table from above (or load one).
3. [b]Review[/b]: tiles the companion is unsure of have an amber frame, rule problems a red one. Tap any cell to correct its tile, or an empty cell to add a missed tile. The score updates at once.
4. [b]Confirm[/b] the turn; the scoreboard shows each turn's points and whose turn is next. [b]Undo[/b] takes the last turn back.
5. [b]Calibrate[/b] once with your own set for better colour reading in your light."""
