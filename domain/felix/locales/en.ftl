# Felix: The Cat in the Sack: English.
felix-game-name = Felix: The Cat in the Sack
felix-game-description = A bluffing auction: each round a row of face-down cards goes into the sack, and you bid mice for cats you cannot all see. Dogs chase cats away; the most points wins.

## The cards, by kind (every set has one of each).
felix-card-cat-8 = cat -8
felix-card-cat-5 = cat -5
felix-card-cat3 = cat 3
felix-card-cat5 = cat 5
felix-card-cat8 = cat 8
felix-card-cat11 = cat 11
felix-card-cat15 = cat 15
felix-card-rabbit = rabbit
felix-card-bigdog = large dog
felix-card-smalldog = small dog
felix-owned-card = { $owner }'s { $card }
felix-dummy-card = the dummy's { $card }
felix-score = { $player } ({ $total })

## Events.
felix-game-started = A game for { $players } players begins: each has { $cards } cards and { $mice } mice, the bank holds { $bank ->
        [one] { $bank } mouse
       *[other] { $bank } mice
    }, and { $first } is the first start player.
felix-round-started = Round { $round } begins with { $player } as the start player; the mouse cards are stocked.
felix-round-started-unstocked = Round { $round } begins with { $player } as the start player; the mouse cards are empty, so passing pays nothing.
felix-card-played = { $player } puts a card face down as the { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
       *[other] fifth
    } card of the row.
felix-card-played-seen = { $player } puts the { $card } face down as the { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
       *[other] fifth
    } card of the row.
felix-card-revealed = The { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
       *[other] fifth
    } card of the row is turned over: { $card }.
felix-bid-placed = { $player } bids { $amount ->
        [one] { $amount } mouse
       *[other] { $amount } mice
    } (putting { $added } more on the table).
felix-player-passed = { $returned ->
        [0] { $player } passes.
        [one] { $player } passes and takes back { $returned } mouse.
       *[other] { $player } passes and takes back { $returned } mice.
    }
felix-mice-taken = { $player } takes { $amount ->
        [one] { $amount } mouse
       *[other] { $amount } mice
    } from the { $card } mouse card.
felix-dog-chased-cat = The { $dog } chases away the { $cat }.
felix-dogs-removed = { $count ->
        [one] The { $dogs } leaves the game without chasing a cat.
       *[other] The dogs leave the game without chasing a cat: { $dogs }.
    }
felix-sack-won = { $count ->
        [0] { $player } pays { $price ->
            [one] { $price } mouse
           *[other] { $price } mice
        } to the bank and wins an empty sack.
       *[other] { $player } pays { $price ->
            [one] { $price } mouse
           *[other] { $price } mice
        } to the bank and wins the sack: { $cards }.
    }
felix-row-discarded = { $player } declines the row, and it leaves the game: { $cards }.
felix-mouse-cards-refilled = The mouse cards are stocked again; the bank keeps { $bank ->
        [one] { $bank } mouse
       *[other] { $bank } mice
    }.
felix-refill-skipped-row-discarded = The row was declined, so the mouse cards stay empty; the bank holds { $bank ->
        [one] { $bank } mouse
       *[other] { $bank } mice
    }.
felix-refill-skipped-bank-short = The bank holds only { $bank ->
        [one] { $bank } mouse
       *[other] { $bank } mice
    }, too few to stock the mouse cards: they stay empty.
felix-game-ended = Game over. { $count ->
        [one] The winner is { $winners }
       *[other] The winners are { $winners }
    } with { $total } points. Totals: { $scores }.

## Moves.
felix-play-card = Put the { $card } face down
felix-bid = Bid { $amount ->
        [one] { $amount } mouse
       *[other] { $amount } mice
    }
felix-pass = Pass
felix-pass-back = Pass and take back { $back ->
        [one] { $back } mouse
       *[other] { $back } mice
    }
felix-pass-paid = Pass and take { $amount ->
        [one] { $amount } mouse
       *[other] { $amount } mice
    } from the { $card } mouse card
felix-pass-back-paid = Pass, take back { $back ->
        [one] { $back } mouse
       *[other] { $back } mice
    } and take { $amount ->
        [one] { $amount } mouse
       *[other] { $amount } mice
    } from the { $card } mouse card
felix-buy-for-one = Buy the row for 1 mouse
felix-decline-buy = Decline the row (it leaves the game)

## Choices.
felix-which-card = Which card do you put face down?
felix-pass-or-bid = Do you bid or pass?
felix-choose-bid = Bid
felix-how-much = How many mice do you bid in all?
felix-buy-or-decline = Everyone else passed without a bid. Do you buy the row for 1 mouse?
