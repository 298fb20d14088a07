# DOGS, the kennel-management game: English.
dogs-game-name = DOGS
dogs-game-description = Run a kennel: drive your truck through the city and the country to rescue dogs, treat the sick ones, manage food, medicine, gas and coins, and make the best-run kennel in town.
dogs-nothing = { "" }

## Options.
dogs-option-start_player = Start player
dogs-option-start_player-description = The seat that starts the first round; empty for a random seat.

## Things: breeds, cards, boxes, spaces, pens, colours, supplies.
dogs-breed-beagle = Beagle
dogs-breed-mutt = Mutt
dogs-breed-rottweiler = Rottweiler
dogs-breed-bulldog = Bulldog
dogs-breed-golden = Golden Retriever
dogs-breed-yorkshire = Yorkshire
dogs-breed-border-collie = Border Collie
dogs-breed-labrador = Labrador
dogs-breed-dalmatian = Dalmatian
dogs-breed-german-shepherd = German Shepherd
dogs-breed-poodle = Poodle
dogs-breed-saint-bernard = St Bernard
dogs-card-food-1 = Food ×1
dogs-card-food-2 = Food ×2
dogs-card-food-3 = Food ×3
dogs-card-medicine-1 = Medicine ×1
dogs-card-medicine-2 = Medicine ×2
dogs-card-medicine-3 = Medicine ×3
dogs-card-gas-1 = Gas ×1
dogs-card-gas-2 = Gas ×2
dogs-card-gas-3 = Gas ×3
dogs-card-coins-1 = Coins ×1
dogs-card-coins-2 = Coins ×2
dogs-card-coins-3 = Coins ×3
dogs-card-receive-dog = Receive a Dog
dogs-card-trained-dog = Trained Dog
dogs-card-veterinarian = Veterinarian
dogs-card-dog-swap = Dog Swap
dogs-card-discount = Discount
dogs-card-prize-dog = Prize Dog
dogs-card-helper = Helper
dogs-card-free-entry = Free Entry
dogs-card-copy = { $card } ({ $number } of { $of })
dogs-box-city-hall = City Hall
dogs-box-warehouse = Warehouse
dogs-box-pet-shop = Pet Shop
dogs-box-vet = Veterinarian
dogs-box-fair = Dog Fair
dogs-space-center = the centre
dogs-space-c1 = city space 1
dogs-space-c2 = city space 2
dogs-space-c3 = city space 3
dogs-space-c4 = city space 4
dogs-space-c5 = city space 5
dogs-space-c6 = city space 6
dogs-space-c7 = city space 7
dogs-space-c8 = city space 8
dogs-space-k1 = country space 1
dogs-space-k2 = country space 2
dogs-space-k3 = country space 3
dogs-space-k4 = country space 4
dogs-space-k5 = country space 5
dogs-space-k6 = country space 6
dogs-space-k7 = country space 7
dogs-space-k8 = country space 8
dogs-pen-b1 = first pen
dogs-pen-b2 = second pen
dogs-pen-a2 = 2-point pen
dogs-pen-a3 = 3-point pen
dogs-pen-a5 = 5-point pen
dogs-colour-blue = blue
dogs-colour-yellow = yellow
dogs-colour-green = green
dogs-colour-red = red
dogs-group-city = city
dogs-group-country = country
dogs-amount-coins = { $count ->
        [one] 1 coin
       *[other] { $count } coins
    }
dogs-amount-food = { $count } food
dogs-amount-medicine = { $count } medicine
dogs-amount-gas = { $count } gas

## Dogs.
dogs-dog = { $breed }
dogs-dog-lost = lost { $breed }
dogs-dog-sick = sick { $breed }
dogs-blocker = blocker
dogs-breed-count = { $count ->
        [one] { $breed }
       *[other] { $breed } ×{ $count }
    }
dogs-dog-on-space = the { $dog } on { $space }
dogs-dog-in-pen = the { $dog } in the { $pen }
dogs-dog-in-pen-copy = the { $dog } in the { $pen } ({ $number } of { $of })
dogs-dog-numbered = { $dog } ({ $number } of { $of })

## What happens.
dogs-game-created = A game of Dogs for { $count } starts: { $colours }.
dogs-seat-colour = { $player } is { $colour }
dogs-breeds-removed = { $breeds } stay in the box.
dogs-all-breeds-in-play = All twelve breeds are in play.
dogs-lost-dogs-removed = { $count ->
        [one] 1 lost dog is removed face down, unseen.
       *[other] { $count } lost dogs are removed face down, unseen.
    }
dogs-cards-removed = { $cards } are left out of the game.
dogs-starting-resources = Every kennel starts with { $resources }.
dogs-supply-shuffled = The { $group } supply is shuffled ({ $count ->
        [one] 1 token
       *[other] { $count } tokens
    }).
dogs-board-filled = The board is filled with { $count ->
        [one] 1 new token
       *[other] { $count } new tokens
    } (lost dogs: { $lost }, sick dogs: { $sick }, blockers: { $blockers }).
dogs-board-refilled = The board is refilled with { $count ->
        [one] 1 new token
       *[other] { $count } new tokens
    } (lost dogs: { $lost }, sick dogs: { $sick }, blockers: { $blockers }).
dogs-fair-deck-shuffled = The Dog Fair cards are shuffled.
dogs-fair-card-revealed = The Dog Fair card shows { $breeds }.
dogs-card-deck-shuffled = The { $count } action cards are shuffled.
dogs-box-cards-dealt = Action cards: { $boxes }.
dogs-cards-at-box = { $box } ({ $cards })
dogs-start-player-chosen = { $player } starts.
dogs-round-started = Round { $round } begins.
dogs-trucks-set-out = Phase 1: the trucks set out from the centre to collect dogs.
dogs-income-paid = Every kennel earns { $coins }.
dogs-gas-bought = { $player } buys { $gas } for { $coins }.
dogs-card-played = { $player } plays { $card }.
dogs-dogs-swapped = { $player } swaps the dogs on { $first } and { $second }.
dogs-blocker-returned = A blocker comes up; it goes back into the { $group } supply.
dogs-dog-drawn = { $player } draws a { $dog } from the { $group } supply.
dogs-lost-dog-delivered = The lost { $dog } goes to the Dog Fair; { $player } earns { $reward }.
dogs-lost-dog-delivered-unrewarded = The lost { $dog } goes to the Dog Fair (no reward).
dogs-truck-moved = { $player } drives from { $start } to { $end } ({ $gas }).
dogs-dog-collected = { $player } picks up a { $dog } at { $space }.
dogs-truck-returned = { $player } is the { $order ->
        [1] first
        [2] second
        [3] third
       *[other] fourth
    } to drive home.
dogs-return-bonus = { $player } takes { $amount } as the return bonus.
dogs-return-bonus-capped = { $player } takes { $amount } as the return bonus ({ $lost } lost: the tank holds { $cap }).
dogs-stayed-home = { $player } stays home.
dogs-last-round-supply-short = Round { $round } will be the last: the { $group } supply cannot refill the board.
dogs-last-round-all-stayed-home = Round { $round } will be the last: every truck stayed home.
dogs-last-round-all-blockers-out = Round { $round } will be the last: all six blockers are on the board.
dogs-kennel-arranged = { $player } arranges the kennel: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 sick dog in the infirmary
       *[other] ; { $sick } sick dogs in the infirmary
    }.
dogs-kennel-arranged-giving = { $player } arranges the kennel: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 sick dog in the infirmary
       *[other] ; { $sick } sick dogs in the infirmary
    }. They give away { $gifts }.
dogs-pen-holds = { $pen } ({ $dogs })
dogs-pen-empty = { $pen } (empty)
dogs-every-pen-empty = every pen empty
dogs-full-pen-bonus = { $player }'s { $pen } is full of one breed: 1 bonus coin.
dogs-donation-offered = { $donor }'s { $dog } is offered to { $player }.
dogs-donation-declined = { $player } declines the { $dog }.
dogs-donation-no-room = { $player } has no room for the { $dog }.
dogs-donation-accepted = { $player } takes in the { $dog }.
dogs-donation-accepted-sick = { $player } takes in the { $dog }, into the infirmary.
dogs-donated-to-fair = Nobody takes { $donor }'s { $dog }: it goes to the Dog Fair.
dogs-phase-started = Phase { $phase }: { $phase ->
        [1] collecting dogs
        [2] actions
       *[other] feeding and salaries
    }.
dogs-meeple-placed = { $player } places a meeple on the { $box }.
dogs-meeple-placed-taking = { $player } places a meeple on the { $box } and takes { $card }.
dogs-meeple-placed-free = { $player } places a meeple on the { $box } (free entry).
dogs-resource-gained = { $player } gains { $amount }.
dogs-resource-gained-capped = { $player } gains { $amount } ({ $lost } lost: the tank holds { $cap }).
dogs-card-kept = { $player } keeps { $card } for later.
dogs-pen-built = { $player } builds the { $pen } for { $coins }.
dogs-resources-swapped = { $player } swaps { $give } for { $take }.
dogs-supplies-bought = { $player } buys { $goods } for { $coins }.
dogs-dog-cured = { $player } cures a { $dog } and puts it in the { $pen }.
dogs-dog-sold = { $player } sells a { $dog } at the Dog Fair for { $coins }.
dogs-dog-bought = { $player } buys a { $dog } at the Dog Fair for { $coins } and puts it in the { $pen }.
dogs-dog-swapped-at-fair = { $player } swaps a { $given } for the Fair's { $taken } and puts it in the { $pen }.
dogs-action-skipped = { $player } skips the { $box } action.
dogs-dog-fell-sick = { $player } cannot feed the { $dog } in the { $pen }: it falls sick and goes to the infirmary.
dogs-dog-sent-to-fair = { $player } cannot feed the { $dog } in the { $pen }, and the infirmary is full: it goes to the Dog Fair.
dogs-pens-fed = { $player } feeds { $count ->
        [one] one pen
       *[other] { $count } pens
    }: { $pens } ({ $count } food).
dogs-salary-paid-coin = { $player } pays the helper 1 coin.
dogs-salary-paid-card = { $player } pays the helper with { $card }.
dogs-helper-rehired-coin = { $player } hires the helper back for 1 coin.
dogs-helper-rehired-card = { $player } hires the helper back with { $card }.
dogs-helper-lost = { $player } does not pay the helper, who leaves.
dogs-helper-not-rehired = { $player } stays without a helper.
dogs-box-cards-discarded = { $count ->
        [one] The action card left on the boxes is discarded.
       *[other] The { $count } action cards left on the boxes are discarded.
    }
dogs-card-deck-reshuffled = The discard pile is shuffled into a new draw pile of { $count ->
        [one] 1 card
       *[other] { $count } cards
    }.
dogs-fair-card-rotated = The next Dog Fair card shows { $breeds }.
dogs-blockers-collected = { $count ->
        [one] The blocker on the board goes back to its supply.
       *[other] The { $count } blockers on the board go back to their supplies.
    }
dogs-start-player-passed = { $player } will start the next round.
dogs-final-scores = Final scores: { $scores }.
dogs-score = { $player } { $points }
dogs-game-ended = Game over: { $count ->
        [one] { $winners } wins.
       *[other] { $winners } share the win.
    }
dogs-game-ended-removed = Game over: { $count ->
        [one] { $winners } wins.
       *[other] { $winners } share the win.
    } The lost dogs removed at the start were: { $removed }.

## Moves.
dogs-buy-gas = Buy { $gas } for { $coins }
dogs-buy-no-gas = Buy no gas
dogs-play-dog-swap = Play { $card }: swap { $first } and { $second }
dogs-play-receive-dog = Play { $card }: take a dog from the { $group } supply
dogs-move-truck = Drive to { $dog } ({ $gas })
dogs-return-home = Drive home
dogs-return-home-bonus = Drive home and take { $bonus }
dogs-stay-home = Stay home
dogs-arrange-kennel = Arrange the kennel: { $layout }{ $gifts }{ $vet }
dogs-giving = ; give away { $gifts }
dogs-giving-none = { "" }
dogs-playing = ; play { $card }
dogs-playing-none = { "" }
dogs-accept-donation = Take in the { $dog }: { $layout }
dogs-accept-donation-sick = Take in the { $dog }, into the infirmary
dogs-decline-donation = Decline the { $dog }
dogs-place-meeple = Place a meeple on the { $box }
dogs-place-meeple-taking = Place a meeple on the { $box } and take { $card }
dogs-place-meeple-free = Place a meeple on the { $box } with { $card }
dogs-skip-action = Skip the { $box } action
dogs-build-pen = Build the { $pen } for { $coins }
dogs-build-pen-discount = Build the { $pen } for { $coins } with { $card }
dogs-swap-resources = Swap { $give } for { $take }
dogs-buy-supplies = Buy { $goods } for { $coins }
dogs-cure-dogs = Cure { $cures }
dogs-cure-into = the { $dog } into the { $pen }
dogs-sell-dog = Sell { $dog } for { $coins }
dogs-sell-dog-bonus = Sell { $dog } with { $cards } for { $coins }
dogs-buy-dog = Buy the Fair's { $dog } into the { $pen } for { $coins }
dogs-swap-at-fair = Swap { $given } for the Fair's { $taken }, into the { $pen }
dogs-feed-every-pen = Feed every pen
dogs-leave-unfed = Leave unfed: { $fates }
dogs-unfed-falls-sick = the { $dog } in the { $pen } falls sick
dogs-unfed-to-fair = the { $dog } in the { $pen } goes to the Dog Fair
dogs-let-helper-go = Let the helper go
dogs-leave-helper-unhired = Leave the helper unhired
dogs-pay-helper-coin = Pay the helper 1 coin
dogs-rehire-helper-coin = Rehire the helper for 1 coin
dogs-pay-helper-card = Pay the helper with { $card }
dogs-rehire-helper-card = Rehire the helper with { $card }

## Choices: questions and answers.
dogs-ask-gas = How much gas do you buy?
dogs-choice-gas = { $coins ->
        [0] No gas
        [one] 1 coin: { $gas }
       *[other] { $coins } coins: { $gas }
    }
dogs-ask-truck = Your truck's turn: what do you do?
dogs-choice-play = Play { $card }
dogs-ask-swap-first = Which dog do you swap?
dogs-ask-swap-second = Swap { $first } with which dog?
dogs-choice-dog-on-space = { $dog } on { $space }
dogs-ask-supply = From which supply do you take a dog?
dogs-choice-supply = The { $group } supply
dogs-choice-drive = Drive to a space
dogs-ask-destination = Where do you drive?
dogs-ask-bonus = Which token do you take as the return bonus?
dogs-choice-bonus = { $bonus }
dogs-ask-vet = Play a Veterinarian card, to put the sick dogs on your truck straight into pens?
dogs-choice-no-vet = No card
dogs-ask-arrange = Arrange your kennel
dogs-ask-dog-place = Where does the { $dog } go?
dogs-choice-pen = Into the { $pen }
dogs-choice-give-away = Give it away
dogs-ask-sick-dog = The infirmary holds six: does the sick { $dog } stay?
dogs-choice-keep-sick = It stays in the infirmary
dogs-ask-donation = { $donor } offers you a { $dog }: do you take it in?
dogs-choice-take-in = Take it in
dogs-ask-box = Where do you place your meeple?
dogs-choice-box = To the { $box }
dogs-ask-card = Which card do you take at the { $box }?
dogs-choice-take-card = Take { $card }
dogs-choice-free-entry = Enter with { $card }, taking no card
dogs-choice-no-card = Take no card
dogs-ask-action = What do you do at the { $box }?
dogs-choice-give = Give { $give }
dogs-ask-take = What do you take for { $give }?
dogs-choice-take = Take { $take }
dogs-choice-buy-supplies = Buy food and medicine
dogs-ask-supplies-coins = How many coins do you spend?
dogs-choice-spend = { $count ->
        [one] Spend 1 coin
       *[other] Spend { $count } coins
    }
dogs-ask-food = For { $coins } you get { $tokens } tokens: how many are food? The rest is medicine.
dogs-choice-food = { $food } food, { $medicine }
dogs-choice-cure = Cure sick dogs
dogs-ask-cure = Where does the sick { $dog } go?
dogs-choice-sell = Sell a dog
dogs-ask-sell = Which dog do you sell?
dogs-choice-dog = { $dog }
dogs-ask-bonus-card = Add { $card } to the sale (+{ $coins })?
dogs-choice-add-card = Add it
dogs-choice-keep-card = Keep it
dogs-choice-buy = Buy a dog ({ $coins })
dogs-ask-buy = Which dog of the Fair do you buy?
dogs-choice-fair-dog = the Fair's { $dog }
dogs-ask-pen = Into which pen does the { $dog } go?
dogs-choice-swap-at-fair = Swap a dog with the Fair
dogs-ask-give-dog = Which of your dogs do you give?
dogs-ask-take-dog = Which dog of the Fair do you take for the { $dog }?
dogs-ask-feeding = Feed your dogs
dogs-ask-feed = Do you feed the { $pen }?
dogs-choice-feed = Feed it
dogs-choice-unfed-sick = No: the { $dog } falls sick
dogs-choice-unfed-fair = No: the { $dog } goes to the Dog Fair
dogs-ask-salary = Your helper's salary

## When each special card may be played, and what it does.
dogs-card-receive-dog-when = your own phase-1 turn, with your truck out
dogs-card-receive-dog-effect = draw 1 dog from the city or country supply onto your truck
dogs-card-trained-dog-when = with a sale at the Dog Fair
dogs-card-trained-dog-effect = +1 coin for that sale
dogs-card-veterinarian-when = when you arrange your kennel at the end of phase 1
dogs-card-veterinarian-effect = the sick dogs on your truck go straight into pens, healthy
dogs-card-dog-swap-when = your own phase-1 turn, before your action
dogs-card-dog-swap-effect = swap the places of any two dogs on the board
dogs-card-discount-when = with the City Hall action
dogs-card-discount-effect = open a pen for 1 coin instead of 2
dogs-card-prize-dog-when = with a sale at the Dog Fair
dogs-card-prize-dog-effect = +2 coins for that sale
dogs-card-helper-when = phase 3, when the salary is due
dogs-card-helper-effect = pays the helper's salary (or hires them again) instead of 1 coin
dogs-card-free-entry-when = when you place a meeple in phase 2
dogs-card-free-entry-effect = place a meeple on a full box; take no card
