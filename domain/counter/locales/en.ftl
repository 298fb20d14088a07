# Counter, a benchmark's game (DOGPARK_EXTRA_GAMES): English.
counter-game-name = Counter
counter-game-description = A game for measuring the server: each move adds to a shared total.
counter-game-started = A game of counter starts: { $moves } moves, { $first } first.
counter-incremented = { $player } adds { $by }: the total is { $total }.
counter-game-ended = Game over: { $winners } { $count ->
        [one] wins
       *[other] win
    }.
counter-add = Add { $by }
counter-how-much = How much do you add?
