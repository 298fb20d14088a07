# The table's own words (every game): English.
table-player-number = Player { $number }
table-choose-move = Choose your move
table-bot-name = { $level } { $dog }
table-bot-random = Random
table-bot-greedy = Greedy
table-bot-easy = Easy
table-bot-medium = Medium
table-bot-hard = Hard
table-opened = A new table of { $game } opens with { $seats } seats ({ $bots ->
        [0] no bots
        [one] one bot
       *[other] { $bots } bots
    }).
table-seat-claimed = { $player } takes a seat.
table-abandoned-unfilled = Nobody filled the table within { $seconds ->
        [one] a second
       *[other] { $seconds } seconds
    }: the game is abandoned.
table-abandoned-too-long = The game reached { $limit } events and is abandoned.
table-seed-revealed = The secret seed is revealed: anyone can now check the game.
table-clock-started = { $player }'s clock runs: { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    } to decide.
table-clock-stopped = { $player }'s clock stops with { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    } left.
table-clock-expired = { $player } ran out of time: a bot decides this move.
table-seat-absent = { $player } timed out { $times ->
        [one] once
       *[other] { $times } times in a row
    }: a bot plays for them until they return.
table-seat-returned = { $player } is back.
table-seat-resigned = { $player } resigns: a bot plays on for them, and they rank last.
table-seat-forfeited = { $player } forfeits on time: a bot plays on for them, and they cannot win.
table-vacation-started = { $player } is on vacation: their clock is paused for up to { $days ->
        [one] one day
       *[other] { $days } days
    }.
table-vacation-ended = { $player } is back from vacation: their clock runs again.
table-bot-replaced = { $player }'s bot failed { $failures } times in a row: { $fallback } plays for it from now on.
table-winners = { $count ->
        [one] Winner: { $winners }
       *[other] Winners: { $winners }
    }
table-undo = Take back { $moves ->
        [one] your last move
       *[other] your last { $moves } moves
    }
table-undone = { $player } takes back moves: the game returns to version { $version }.
table-undo-asked = { $player } asks to take back moves to version { $version }: every other player must accept.
table-undo-accepted = { $player } accepts the undo.
table-undo-declined = { $player } declines the undo.
table-undo-accept = Accept { $player }'s undo (back to version { $version })
table-undo-decline = Decline { $player }'s undo
