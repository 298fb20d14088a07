# Spots (CMYK; Ukrainian edition «Крапки», shared/seeds/001_*.txt): English.
spots-game-name = Spots
spots-game-description = Roll dice, do tricks and bury dice in your yard to fill your dog cards with spots, without going bust. Play alone against Pes or race other players.
spots-pes = Pes
# An event that another line of the log already tells.
spots-silent = { "" }

## Things on the table

spots-dog-card = { $dog } ({ $spaces })
spots-die = the { $value }
spots-die-numbered = the { $value } (die { $number })
spots-die-on-dog = the { $value } on { $dog }
spots-space = { $dog }'s { $value } space
spots-buried-die-yours = { $die } buried in your yard
spots-buried-die-of = { $die } buried in { $player }'s yard

## Dog cards

spots-dog-burt = Burt
spots-dog-bristles = Bristles
spots-dog-bongo = Bongo
spots-dog-eloise = Eloise
spots-dog-ursula = Ursula
spots-dog-mayor = Mayor
spots-dog-sundrop = Sundrop
spots-dog-jolene = Jolene
spots-dog-xerxes = Xerxes
spots-dog-louise = Louise
spots-dog-missy = Missy
spots-dog-lil-beth = Lil Beth
spots-dog-handsome = Handsome
spots-dog-frankie = Frankie
spots-dog-bitsy = Bitsy
spots-dog-gretchen = Gretchen
spots-dog-lief = Lief
spots-dog-goliath = Goliath
spots-dog-gumbo = Gumbo
spots-dog-pebble = Pebble
spots-dog-wilbur = Wilbur
spots-dog-cabbage = Cabbage
spots-dog-honcho = Honcho
spots-dog-wolfgang = Wolfgang
spots-dog-raya = Raya
spots-dog-rogue = Rogue
spots-dog-nutmeg = Nutmeg
spots-dog-rupert = Rupert
spots-dog-mirabelle = Mirabelle
spots-dog-momo = Momo
spots-dog-zipper = Zipper
spots-dog-doog = Doog

## Trick tiles

spots-tile-howl = Howl
spots-tile-roll-over = Roll Over
spots-tile-walk = Walk
spots-tile-dig = Dig
spots-tile-retrieve = Retrieve
spots-tile-trot = Trot
spots-tile-track = Track
spots-tile-run = Run
spots-tile-chase = Chase
spots-tile-bolt = Bolt
spots-tile-dogpile = Dogpile
spots-tile-sprint = Sprint
spots-tile-fetch = Fetch
spots-tile-guard = Guard
spots-tile-hunt = Hunt
spots-tile-scavenge = Scavenge
spots-tile-search = Search
spots-tile-beg = Beg
spots-tile-chew = Chew
spots-tile-gobble = Gobble
spots-tile-play-dead = Play Dead
spots-tile-stay = Stay

## Options (the tile sets' names are their values' titles)

spots-option-tile_set = Trick tiles
spots-option-tile_set-description = Which six trick tiles lie on the table: Howl, Roll Over and one tile of each colour.
spots-option-tile_set-beginner = Beginner (New Family)
spots-option-tile_set-new_family = New Family
spots-option-tile_set-dog_park = Dog Park
spots-option-tile_set-obstacle_course = Obstacle Course
spots-option-tile_set-hunting_grounds = Hunting Grounds
spots-option-tile_set-kennel_club = Kennel Club
spots-option-tile_set-puppy_pen = Puppy Pen
spots-option-tile_set-random = Random tiles
spots-option-tile_set-custom = Tiles of your choice
spots-option-tile_set-free_walk = Free Walk (all the tiles)
spots-option-custom_tiles = Your tiles
spots-option-custom_tiles-description = For tiles of your choice: one yellow, one purple, one blue and one green tile.
spots-option-custom_tiles-walk = { spots-tile-walk }
spots-option-custom_tiles-dig = { spots-tile-dig }
spots-option-custom_tiles-retrieve = { spots-tile-retrieve }
spots-option-custom_tiles-trot = { spots-tile-trot }
spots-option-custom_tiles-track = { spots-tile-track }
spots-option-custom_tiles-run = { spots-tile-run }
spots-option-custom_tiles-chase = { spots-tile-chase }
spots-option-custom_tiles-bolt = { spots-tile-bolt }
spots-option-custom_tiles-dogpile = { spots-tile-dogpile }
spots-option-custom_tiles-sprint = { spots-tile-sprint }
spots-option-custom_tiles-fetch = { spots-tile-fetch }
spots-option-custom_tiles-guard = { spots-tile-guard }
spots-option-custom_tiles-hunt = { spots-tile-hunt }
spots-option-custom_tiles-scavenge = { spots-tile-scavenge }
spots-option-custom_tiles-search = { spots-tile-search }
spots-option-custom_tiles-beg = { spots-tile-beg }
spots-option-custom_tiles-chew = { spots-tile-chew }
spots-option-custom_tiles-gobble = { spots-tile-gobble }
spots-option-custom_tiles-play_dead = { spots-tile-play-dead }
spots-option-custom_tiles-stay = { spots-tile-stay }
spots-option-pes_treats = Pes's treats
spots-option-pes_treats-description = Solo game: the treats Pes starts with. The more it has, the harder it is to beat.

## Steps of the tiles, as a skipped step is named

spots-step-draw-dog = drawing a dog
spots-step-roll-one = rolling one die
spots-step-roll-two = rolling two dice
spots-step-roll-three = rolling three dice
spots-step-roll-yard = rolling the yard
spots-step-may-roll-one = rolling one more die
spots-step-dig = digging
spots-step-retrieve = retrieving
spots-step-trot = trotting
spots-step-track = tracking
spots-step-run-on = running on
spots-step-chase = chasing
spots-step-set-aside = setting dice aside
spots-step-bolt-roll = bolting
spots-step-dogpile = the dogpile
spots-step-sprint = sprinting
spots-step-fetch = fetching
spots-step-name-number = naming a number
spots-step-guard-roll = guarding
spots-step-hunt = hunting
spots-step-scavenge = scavenging
spots-step-search = searching
spots-step-take-one = taking a treat
spots-step-beg-paws = begging
spots-step-chew-double = chewing
spots-step-take-seven = gobbling
spots-step-gobble-return = returning treats
spots-step-play-dead-treats = playing dead
spots-step-stay = staying
spots-reason-no-dice = the supply has no dice
spots-reason-pack-full = the pack already holds 6 dogs
spots-reason-empty-yard = the yard is empty
spots-reason-no-paws = no paws to dig with
spots-reason-no-buried-dice = no yard holds a die
spots-reason-no-move = no die can move

## Events

spots-game-started = A game of Spots for { $count } players starts. Tiles: { $tiles }.
spots-game-started-solo = A solo game of Spots against { $pes } starts. Tiles: { $tiles }.
spots-random-set-drawn = Random tiles: { $tiles }.
spots-stacks-shuffled = The free-walk stacks are shuffled; on top: { $tiles }.
spots-tricks-laid-out = Tricks: { $tiles }.
spots-deck-shuffled = The { $count } dog cards are shuffled.
spots-dog-dealt = { $player } is dealt { $dog }.
spots-treats-gained-setup = { $player } takes { $count ->
        [one] a treat
       *[other] { $count } treats
    } to start.
spots-treats-gained = { $player } takes { $count ->
        [one] a treat
       *[other] { $count } treats
    } for { $tile }.
spots-start-die-buried = { $player } buries a starting { $value }.
spots-start-tie-rerolled = { $player } rerolls the tie: { $value }.
spots-first-player = { $player } goes first.
spots-pes-treats-gained = { $pes } takes { $count ->
        [one] a treat
       *[other] { $count } treats
    }.
spots-turn-started = { $player }'s turn.
spots-all-busted = No dice left in the supply: everyone busts.
spots-treat-placed-on-tile = A treat goes on { $tile }, the last trick face up.
spots-tiles-refreshed = Refresh: { $tiles } { $count ->
        [one] turns
       *[other] turn
    } face up.
spots-trick-chosen = { $player } does { $tile }.
spots-treats-taken-from-tile = { $player } takes the { $count ->
        [one] treat
       *[other] { $count } treats
    } on { $tile }.
spots-tile-flipped-up = { $player } turns { $tile } face up.
spots-tile-flipped-down = { $player } turns { $tile } face down.
spots-offered-may-roll-one = { $player } may roll one more die.
spots-offered-run-on = { $player } may run on (roll one more die).
spots-offered-chase = { $player } may chase again.
spots-offered-dogpile = { $player } may dogpile again.
spots-offered-sprint = { $player } may sprint again.
spots-offered-bolt-roll = { $player } may roll a set-aside die.
spots-offered-dig = { $player } may dig, changing buried dice { $count ->
        [one] once
       *[other] up to { $count } times
    }.
spots-offered-trot = { $player } may move a die to another space of their dogs.
spots-declined-may-roll-one = No extra die is rolled.
spots-declined-run-on = The run stops.
spots-declined-chase = The chase stops.
spots-declined-dogpile = The dogpile stops.
spots-declined-sprint = The sprint stops.
spots-declined-bolt-roll = The bolt stops.
spots-declined-dig = The digging stops.
spots-declined-trot = No die moves.
spots-step-skipped = Skipped: { $step } ({ $reason }).
spots-dog-drawn = { $player } draws { $dog }.
spots-rolled-supply = { $player } rolls: { $values }.
spots-rolled-yard = { $player } rolls their yard: { $values }.
spots-rolled-set-aside = { $player } rolls a set-aside die: { $values }.
spots-rolled-dogpile = { $player } rolls the dogpile: { $values }.
spots-treat-spent = { $player } spends a treat to reroll.
spots-rerolled = The reroll shows { $values }.
spots-number-chosen = { $player } names { $number }.
spots-die-set = { $player } sets a die to { $value }.
spots-dice-kept = { $player } keeps { $count ->
        [one] a die
       *[other] { $count } dice
    }.
spots-discarded-fetch = { $count ->
        [one] One die not showing that number goes
       *[other] { $count } dice not showing that number go
    } back to the supply.
spots-discarded-guard = { $count ->
        [one] One die showing more than that number goes
       *[other] { $count } dice showing more than that number go
    } back to the supply.
spots-discarded-hunt = { $count ->
        [one] The other die goes
       *[other] The other { $count } dice go
    } back to the supply.
spots-discarded-search = { spots-discarded-hunt }
spots-discarded-no-eight = { $count ->
        [one] No dice total 8: the die goes
       *[other] No dice total 8: all { $count } dice go
    } back to the supply.
spots-discarded-scavenge = { $count ->
        [one] One die below the yard total goes
       *[other] { $count } dice below the yard total go
    } back to the supply.
spots-die-placed = { $player } places a { $value } on { $dog }.
spots-die-buried = { $player } buries a { $value } (yard total { $total }).
spots-busted = { $player } busts: { $count ->
        [one] one die goes
       *[other] { $count } dice go
    } back to the supply.
spots-completed-fast = { $player } has filled every open dog and completes { $dogs } at once.
spots-completed-slow = { $player } completes { $dogs } instead of doing a trick.
spots-treats-returned = { $player } returns { $count ->
        [one] a treat
       *[other] { $count } treats
    }.
spots-buried-die-adjusted = { $player }'s buried { $old } becomes a { $new }.
spots-buried-die-dug-out = { $player }'s buried 1 is dug out.
spots-die-moved = { $player } moves a { $old } to { $dog } as a { $value }.
spots-dice-set-aside = { $player } sets { $count ->
        [one] one die
       *[other] { $count } dice
    } aside to roll one by one.
spots-dice-returned = { $player } stops: { $count ->
        [one] the die set aside goes
       *[other] { $count } dice set aside go
    } back to the supply.
spots-die-taken-yard = { $player } takes a die from their yard.
spots-die-taken-dog = { $player } takes a die from a dog.
spots-turn-ended = { $player }'s turn ends.
spots-pes-turn = { $pes }'s turn.
spots-pes-rolled = { $pes } rolls { $value }.
spots-pes-took-treats = { $pes } takes the { $count ->
        [one] treat
       *[other] { $count } treats
    } on { $tile }.
spots-pes-treats-spent = { $pes } pays { $count } treats back for a dog card.
spots-pes-completed-die = { $pes } completes { $dog } (its die fell on a face-down trick).
spots-pes-completed-treats = { $pes } completes { $dog }.
spots-game-ended = { $winners } { $count ->
        [one] wins
       *[other] win
    } with { $dogs ->
        [one] one dog
       *[other] { $dogs } dogs
    } completed.

## Moves

spots-do-trick = Do { $tile }
spots-do-trick-with-treats = Do { $tile } and take { $count ->
        [one] the treat
       *[other] { $count } treats
    }
spots-complete-dogs = Complete { $dogs }
spots-reroll-all = Spend a treat to reroll { $count ->
        [one] the die
       *[other] all { $count } dice
    }
spots-reroll-some = Spend a treat to reroll { $dice }
spots-keep-roll = Keep the roll
spots-keep-number = Keep the { $number }s
spots-set-die-to = Set the die to { $number }
spots-name-number = Name { $number }
spots-keep-dice = Keep { $dice }
spots-discard-nothing = Discard nothing
spots-discard-dice = Discard { $dice }
spots-place-die = Place { $die } on { $dog }
spots-bury-die = Bury { $die }
spots-do-may-roll-one = Roll one more die
spots-do-run-on = Run on (roll one more die)
spots-do-chase = Chase again
spots-do-dogpile = Dogpile again
spots-do-sprint = Sprint again
spots-do-bolt-roll = Roll a set-aside die
spots-skip-may-roll-one = Don't roll one more die
spots-skip-run-on = Stop running
spots-skip-chase = Stop chasing
spots-skip-dogpile = Stop the dogpile
spots-skip-sprint = Stop sprinting
spots-skip-bolt-roll = Stop and return the dice set aside
spots-stop-digging = Stop digging
spots-move-no-die = Move no die
spots-move-die = Move { $die } to { $space }
spots-dig-out = Dig out { $die }
spots-dig-raise = Raise { $die } to { $value }
spots-dig-lower = Lower { $die } to { $value }
spots-set-aside = Set { $count } dice aside
spots-take-die-yard = Take { $die } from your yard
spots-take-die-dog = Take { $die }

## Choices

spots-choose-action = Do a trick or complete your dogs?
spots-a-trick = Do a trick
spots-choose-trick = Which trick do you do?
spots-choose-reroll = Keep the roll or spend a treat to reroll?
spots-choose-offer = Go on?
spots-choose-fetch = Which number do you keep?
spots-choose-hunt = Which two dice do you keep?
spots-choose-search = Which dice do you keep? They must total 8.
spots-choose-scavenge = Which dice below your yard total do you discard?
spots-choose-die = Which die do you place or bury?
spots-choose-where = Where does { $die } go?
spots-pick = { $die }
spots-on-dog = On { $dog }
spots-in-your-yard = Bury it in your yard
spots-choose-dig = Change a buried die?
spots-change-a-buried-die = Change a buried die
spots-choose-buried-die = Which buried die?
spots-choose-dig-how = Raise it or lower it?
spots-choose-trot = Move a die to another space?
spots-move-a-die = Move a die
spots-choose-die-to-move = Which die do you move?
spots-choose-space = To which empty space?
spots-choose-take = Which die joins the dogpile?
spots-choose-set-die = Set the die to which number on the top dog card?
spots-choose-guard = Which number do you name? Dice above it are discarded.
spots-choose-set-aside = How many dice do you set aside?
