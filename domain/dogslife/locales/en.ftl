# A Dog's Life (2001): English. Terms as the spec names them (shared/rules/dogslife.md); see glossary.md.
dogslife-game-name = A Dog's Life
dogslife-game-description = Be a stray dog in the city: find bones, beg at restaurants, deliver newspapers, mark lampposts and keep clear of the dogcatcher. The first dog to bury its bones wins.
dogslife-silent = { "" }

## Options.
dogslife-option-bone_target = Bones to win
dogslife-option-bone_target-description = How many bones a dog must bury in its den to win. With many players, fewer bones are allowed, so that the supply of 30 is enough.
dogslife-option-timed_minutes = Time limit (minutes)
dogslife-option-timed_minutes-description = Timed game: after this many minutes, the dog with the most buried bones wins. Leave at 0 for no time limit.
dogslife-option-timed_rounds = Round limit
dogslife-option-timed_rounds-description = Timed game: after this many full rounds, the dog with the most buried bones wins. Leave at 0 for no round limit.
dogslife-option-route_deadline_seconds = Time to choose the truck's route (seconds)
dogslife-option-route_deadline_seconds-description = How long a player has to choose where the dogcatcher's truck turns at a crossroads; then the route is drawn at random. At 0 it is always drawn at once.
dogslife-option-action_deadline_seconds = Time for a dog's actions (seconds)
dogslife-option-action_deadline_seconds-description = How long a player has for their dog's actions; then their actions end. At 0 there is no limit.
dogslife-option-dog_assignment = Dogs
dogslife-option-dog_assignment-description = Whether each player gets a dog at random or chooses one, in turn.
dogslife-option-dog_assignment-random = Dealt at random
dogslife-option-dog_assignment-choose = Chosen by the players
dogslife-option-first_seat = First player
dogslife-option-first_seat-description = The seat that plays first, counted from 0; leave empty to draw it at random.

## The dogs and their cards.
dogslife-dog-shepherd = German Shepherd
dogslife-dog-boxer = Boxer
dogslife-dog-poodle = Poodle
dogslife-dog-foxterrier = Fox Terrier
dogslife-dog-husky = Siberian Husky
dogslife-dog-labrador = Labrador

## Places on the board: buildings by number, street cells by what stands there and their map coordinates.
dogslife-den = den { $number }
dogslife-house = house { $number }
dogslife-restaurant = restaurant { $number }
dogslife-kiosk = the newspaper kiosk
dogslife-pound = the pound
dogslife-street = the street { $column }-{ $row }
dogslife-trash-can = the trash can { $column }-{ $row }
dogslife-lamppost = the lamppost { $column }-{ $row }
dogslife-fountain = the fountain { $column }-{ $row }
dogslife-cell = { $column }-{ $row }
dogslife-heading-east = east
dogslife-heading-west = west
dogslife-heading-north = north
dogslife-heading-south = south

## Things a dog carries.
dogslife-a-bone = a bone
dogslife-a-newspaper = a newspaper
dogslife-the-bone = the bone
dogslife-newspaper-for = a newspaper for { $house }
dogslife-the-newspaper-for = the newspaper for { $house }
dogslife-bones = { $count ->
        [one] { $count } bone
       *[other] { $count } bones
    }
dogslife-newspapers = { $count ->
        [one] { $count } newspaper
       *[other] { $count } newspapers
    }

## What a drawn card says.
dogslife-result-shuffle = the shuffle card
dogslife-result-claws = { $count ->
        [one] { $count } claw
       *[other] { $count } claws
    }
dogslife-result-food = { $days ->
        [one] { $days } day of food
       *[other] { $days } days of food
    }
dogslife-result-bone = a bone
dogslife-result-nothing = nothing
dogslife-result-escaped = escaped
dogslife-result-caught = caught
dogslife-result-leave = leave
dogslife-result-stay = stay

## Events.
dogslife-game-started = A Dog's Life for { $players } players starts: the first dog to bury { $target ->
        [one] { $target } bone
       *[other] { $target } bones
    } wins.
dogslife-dog-assigned = { $player } plays the { $dog }.
dogslife-den-assigned = { $player } lives in { $den }.
dogslife-deck-shuffled = { $player } shuffles their deck.
dogslife-deck-reshuffled = { $player } reshuffles all { $cards } cards of their deck.
dogslife-stack-shuffled = The newspaper stack is shuffled.
dogslife-first-player = { $player } plays first.
dogslife-turn-started = Round { $round }: { $player }'s turn.
dogslife-hunger-dropped = { $player }'s dog grows hungry (hunger { $hunger } of { $most }).
dogslife-dog-starved = { $player }'s dog is starving and wanders off.
dogslife-items-dropped = { $player }'s dog drops { $items } on { $space }.
dogslife-items-dropped-and-returned = { $player }'s dog drops { $items } on { $space }; { $returned ->
        [one] { $returned } newspaper goes
       *[other] { $returned } newspapers go
    } back to the stack.
dogslife-newspapers-returned = { $player }'s { $returned ->
        [one] { $returned } newspaper goes
       *[other] { $returned } newspapers go
    } back to the stack.
dogslife-sent-to-pound-hunger = { $player }'s dog is taken to the pound from { $space }, starving.
dogslife-sent-to-pound-truck = { $player }'s dog is taken to the pound from { $space }, caught by the dogcatcher.
dogslife-sent-to-pound-fight = { $player }'s dog is taken to the pound from { $space }, beaten in a fight.
dogslife-card-drawn-trash = { $player } draws { $card } searching the trash: { $result }.
dogslife-card-drawn-restaurant = { $player } draws { $card } begging: { $result }.
dogslife-card-drawn-newspaper = { $player } draws { $card } for the delivery: { $result }.
dogslife-card-drawn-attack = { $player } draws { $card } in the fight: { $result }.
dogslife-card-drawn-escape = { $player } draws { $card } to escape the truck: { $result }.
dogslife-card-drawn-pound = { $player } draws { $card } in the pound: { $result }.
dogslife-stayed-in-pound = { $player }'s dog stays in the pound (space { $track } of its track).
dogslife-left-pound = { $player }'s dog gets out of the pound.
dogslife-actions-started = { $player } has { $points ->
        [one] { $points } action point
       *[other] { $points } action points
    }.
dogslife-dog-moved = { $player } moves to { $space } ({ $left } AP left).
dogslife-lamppost-sniffed = { $player } sniffs { $owner }'s mark on { $lamppost } and must stop.
dogslife-actions-ended-ap = { $player } has no action points left.
dogslife-actions-ended-timeout = { $player }'s time to act is up.
dogslife-actions-ended-lost-fight = { $player } lost the fight, and their turn.
dogslife-actions-ended-ended = { $player } ends their actions.
dogslife-nothing-found-no-slot = { $player } has no free space to carry the bone.
dogslife-nothing-found-no-bone-left = No bone is left in the supply for { $player }.
dogslife-food-found = { $player }'s dog eats { $days ->
        [one] { $days } day of food
       *[other] { $days } days of food
    } (hunger { $hunger } of { $most }).
dogslife-bone-found = { $player } takes the bone.
dogslife-trash-day = Trash Day! Every trash can but { $kept } may be searched again.
dogslife-newspaper-taken = { $player } takes { $item } at the kiosk.
dogslife-newspaper-delivered = { $player } delivers a newspaper to { $house }.
dogslife-item-picked-up = { $player } picks up { $item } on { $space }.
dogslife-item-dropped = { $player } drops { $item } on { $space }.
dogslife-bone-buried = { $player } buries a bone in { $den } ({ $buried } buried).
dogslife-bladder-filled = { $player }'s dog drinks (bladder { $bladder }, reserve { $reserve }).
dogslife-lamppost-marked = { $player } marks { $lamppost }.
dogslife-lamppost-marked-over = { $player } marks { $lamppost }, over { $owner }'s mark.
dogslife-attack-declared = { $player } attacks { $target }.
dogslife-fight-tied = The fight: { $attacker ->
        [one] { $attacker } claw
       *[other] { $attacker } claws
    } against { $defender }, a tie.
dogslife-fight-won = The fight: { $attacker ->
        [one] { $attacker } claw
       *[other] { $attacker } claws
    } against { $defender }; { $winner } wins.
dogslife-truck-rolled = The dogcatcher rolls { $value } ({ $routes ->
        [one] { $routes } possible route
       *[other] { $routes } possible routes
    }).
dogslife-route-chosen-seat = The player sends the truck along { $route }.
dogslife-route-chosen-server = The truck's route is drawn at random: { $route }.
dogslife-route-chosen-forced = The truck has one route only: { $route }.
dogslife-truck-moved = The dogcatcher's truck drives from { $start } to { $end }.
dogslife-truck-moved-heading = The dogcatcher's truck drives from { $start } to { $end }, heading { $heading }.
dogslife-dog-caught = The dogcatcher catches { $player }'s dog on { $space }.
dogslife-escape-escaped = { $player }'s dog escapes the truck.
dogslife-escape-caught = { $player }'s dog is caught.
dogslife-turn-ended = { $player }'s turn ends.
dogslife-time-expired = Time is up: the round is played to its end.
dogslife-sudden-death = Sudden death: only { $players }, tied on buried bones, play on; the first of them to bury a bone wins.
dogslife-won-target = { $player } wins: their dog has buried the bones it needed.
dogslife-won-tiebreak = { $player } wins: their dog buried the first bone of the sudden death.
dogslife-won-time = { $player } wins: their dog has buried the most bones when time is up.

## Moves and choices.
dogslife-which-dog = Which dog do you play?
dogslife-choose-dog = Play the { $dog }
dogslife-truck-where = Where does the dogcatcher's truck go?
dogslife-route-choose = Choose the route
dogslife-route-any = Let the route be drawn at random
dogslife-route = Send the truck along { $route }
dogslife-truck-turns = Where does the truck turn?
dogslife-via = Through { $street }
dogslife-what-to-do = What does your dog do?
dogslife-where-to = Where does your dog go?
dogslife-whom-to-attack = Which dog do you attack?
dogslife-what-to-pick-up = What does your dog pick up?
dogslife-what-to-drop = What does your dog drop?
dogslife-action-move = Move
dogslife-action-attack = Attack a dog
dogslife-action-pickup = Pick something up
dogslife-action-drop = Drop something
dogslife-move = Move to { $space }
dogslife-search = Search the trash can
dogslife-beg = Beg at { $restaurant }
dogslife-take-newspaper = Take a newspaper
dogslife-deliver = Deliver the newspaper to { $house }
dogslife-pick-up = Pick up { $item }
dogslife-drop = Drop { $item }
dogslife-drop-from-slot = Drop { $item } from space { $slot }
dogslife-bury = Bury a bone in { $den }
dogslife-drink = Drink at the fountain
dogslife-pee = Mark the lamppost
dogslife-pee-over = Mark the lamppost over { $owner }'s mark
dogslife-attack = Attack { $target } ({ $dog })
dogslife-end-actions = End your actions

## The cards, as printed: the dog's breed and the card's number; card 0 is the shuffle card.
dogslife-card-gs00 = German Shepherd shuffle card
dogslife-card-gs01 = German Shepherd 1
dogslife-card-gs02 = German Shepherd 2
dogslife-card-gs03 = German Shepherd 3
dogslife-card-gs04 = German Shepherd 4
dogslife-card-gs05 = German Shepherd 5
dogslife-card-gs06 = German Shepherd 6
dogslife-card-gs07 = German Shepherd 7
dogslife-card-gs08 = German Shepherd 8
dogslife-card-gs09 = German Shepherd 9
dogslife-card-gs10 = German Shepherd 10
dogslife-card-gs11 = German Shepherd 11
dogslife-card-gs12 = German Shepherd 12
dogslife-card-bx00 = Boxer shuffle card
dogslife-card-bx01 = Boxer 1
dogslife-card-bx02 = Boxer 2
dogslife-card-bx03 = Boxer 3
dogslife-card-bx04 = Boxer 4
dogslife-card-bx05 = Boxer 5
dogslife-card-bx06 = Boxer 6
dogslife-card-bx07 = Boxer 7
dogslife-card-bx08 = Boxer 8
dogslife-card-bx09 = Boxer 9
dogslife-card-bx10 = Boxer 10
dogslife-card-bx11 = Boxer 11
dogslife-card-bx12 = Boxer 12
dogslife-card-po00 = Poodle shuffle card
dogslife-card-po01 = Poodle 1
dogslife-card-po02 = Poodle 2
dogslife-card-po03 = Poodle 3
dogslife-card-po04 = Poodle 4
dogslife-card-po05 = Poodle 5
dogslife-card-po06 = Poodle 6
dogslife-card-po07 = Poodle 7
dogslife-card-po08 = Poodle 8
dogslife-card-po09 = Poodle 9
dogslife-card-po10 = Poodle 10
dogslife-card-po11 = Poodle 11
dogslife-card-po12 = Poodle 12
dogslife-card-ft00 = Fox Terrier shuffle card
dogslife-card-ft01 = Fox Terrier 1
dogslife-card-ft02 = Fox Terrier 2
dogslife-card-ft03 = Fox Terrier 3
dogslife-card-ft04 = Fox Terrier 4
dogslife-card-ft05 = Fox Terrier 5
dogslife-card-ft06 = Fox Terrier 6
dogslife-card-ft07 = Fox Terrier 7
dogslife-card-ft08 = Fox Terrier 8
dogslife-card-ft09 = Fox Terrier 9
dogslife-card-ft10 = Fox Terrier 10
dogslife-card-ft11 = Fox Terrier 11
dogslife-card-ft12 = Fox Terrier 12
dogslife-card-hu00 = Siberian Husky shuffle card
dogslife-card-hu01 = Siberian Husky 1
dogslife-card-hu02 = Siberian Husky 2
dogslife-card-hu03 = Siberian Husky 3
dogslife-card-hu04 = Siberian Husky 4
dogslife-card-hu05 = Siberian Husky 5
dogslife-card-hu06 = Siberian Husky 6
dogslife-card-hu07 = Siberian Husky 7
dogslife-card-hu08 = Siberian Husky 8
dogslife-card-hu09 = Siberian Husky 9
dogslife-card-hu10 = Siberian Husky 10
dogslife-card-hu11 = Siberian Husky 11
dogslife-card-hu12 = Siberian Husky 12
dogslife-card-lb00 = Labrador shuffle card
dogslife-card-lb01 = Labrador 1
dogslife-card-lb02 = Labrador 2
dogslife-card-lb03 = Labrador 3
dogslife-card-lb04 = Labrador 4
dogslife-card-lb05 = Labrador 5
dogslife-card-lb06 = Labrador 6
dogslife-card-lb07 = Labrador 7
dogslife-card-lb08 = Labrador 8
dogslife-card-lb09 = Labrador 9
dogslife-card-lb10 = Labrador 10
dogslife-card-lb11 = Labrador 11
dogslife-card-lb12 = Labrador 12
