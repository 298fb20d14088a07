# The service's words: problem titles and details. English.
problem-bad-request = Bad Request
problem-unauthorized = Unauthorized
problem-invalid-stream-ticket = Invalid Stream Ticket
problem-choose-seat = Choose a Seat
problem-not-your-seat = Not Your Seat
problem-not-invited = Not Invited
problem-not-at-table = Not at This Table
problem-chat-closed = Chat Closed
problem-not-your-challenge = Not Your Challenge
problem-challenge-answered = Challenge Answered
problem-not-your-turn = Not Your Turn
problem-not-found = Not Found
problem-method-not-allowed = Method Not Allowed
problem-stale-version = Stale Version
problem-seat-taken = Seat Taken
problem-game-not-over = Game Not Over
problem-body-too-large = Request Entity Too Large
problem-body-timeout = Request Timeout
problem-unsupported-media-type = Unsupported Media Type
problem-range-not-satisfiable = Requested Range Not Satisfiable
problem-invalid-request = Unprocessable Entity
problem-illegal-move = Illegal Move
problem-bad-options = Bad Options
problem-idempotency-key-reused = Idempotency Key Reused
problem-version-not-reached = Version Not Reached
problem-invalid-bot-key = Invalid Bot Key
problem-not-your-bot = Not Your Bot
problem-bot-name-taken = Bot Name Taken
problem-url-not-allowed = URL Not Allowed
problem-bot-did-not-answer = Bot Did Not Answer
problem-rate-limited = Too Many Requests
problem-too-many-bot-games = Too Many Bot Games
problem-too-many-search-games = Too Many Search Games
problem-too-many-connections = Too Many Connections
problem-too-many-streams = Too Many Streams
problem-push-endpoint-not-allowed = Push Endpoint Not Allowed
problem-too-many-push-subscriptions = Too Many Push Subscriptions
problem-bot-suspended = Bot Suspended
problem-hook-url-not-allowed = Notification Hook URL Not Allowed
problem-too-many-notification-hooks = Too Many Notification Hooks
problem-player-required = Player Required
problem-internal-error = Internal Server Error
problem-busy = Busy
problem-redis-unavailable = Redis Unavailable
problem-streams-full = Too Many Streams
problem-no-rematch = No Rematch
problem-too-many-queues = Too Many Queues
problem-on-vacation = On Vacation
problem-no-vacation-days = No Vacation Days
problem-not-on-vacation = Not On Vacation
problem-no-hint = No Hint

## What each kind of problem means for the client: the detail of a problem in another language than
## English (the English detail, specific to the request, goes in detail_en).

problem-bad-request-detail = The request could not be read (its body, a header or a parameter); fix it before sending it again.
problem-unauthorized-detail = The request needs a valid token: send the seat's token or the player's.
problem-invalid-stream-ticket-detail = The stream ticket is unknown, used or expired: get a fresh one and open the stream again.
problem-choose-seat-detail = You hold several seats in this game: say which one the request is for.
problem-not-your-seat-detail = This seat is not yours: act only for your own seats.
problem-not-invited-detail = This table is private: claim a seat with its invitation, or the seat kept for you.
problem-not-at-table-detail = Only the game's creator or a player seated in it invites to its seats.
problem-chat-closed-detail = Spectators may not chat at this table.
problem-not-your-challenge-detail = This challenge is not yours to answer.
problem-challenge-answered-detail = This challenge was answered already.
problem-not-your-turn-detail = Your seat may not act now: wait for its turn.
problem-not-found-detail = What the request names does not exist.
problem-method-not-allowed-detail = This address does not take this method; the Allow header lists those it takes.
problem-stale-version-detail = The game has moved on since you looked: read it again and decide afresh. Nothing was done.
problem-seat-taken-detail = This seat is taken: claim another open seat, or watch the game.
problem-game-not-over-detail = The audit opens only when the game is over.
problem-body-too-large-detail = The request's body is too large; send a smaller one.
problem-body-timeout-detail = The request's body did not arrive in time. Nothing was done; try again.
problem-unsupported-media-type-detail = The body must be sent as JSON (Content-Type: application/json). Nothing was done.
problem-range-not-satisfiable-detail = The file does not have the bytes the Range header asks for.
problem-invalid-request-detail = The request does not match the endpoint's schema: 'errors' names the fields to fix.
problem-illegal-move-detail = The game's rules refuse this move. Nothing was done.
problem-bad-options-detail = This server does not accept these options for a new game: 'option' names the one at fault.
problem-idempotency-key-reused-detail = This Idempotency-Key was used already for another command; give each command a new key.
problem-version-not-reached-detail = The game has not reached that version yet; 'version' is its version now.
problem-invalid-bot-key-detail = The bot's key is missing or wrong: send the key its registration returned.
problem-not-your-bot-detail = This bot is another player's: only its owner may change or retire it.
problem-bot-name-taken-detail = Another bot has this name already: choose another one.
problem-url-not-allowed-detail = The bot's URL is not allowed: give an http or https address with a host and no credentials.
problem-bot-did-not-answer-detail = The bot did not answer its challenge: start it, check that its URL can be reached, and try again. Nothing was registered.
problem-rate-limited-detail = Too many requests of this kind: wait as long as Retry-After says, then try again.
problem-too-many-bot-games-detail = Your address has as many games of bots alone running as it may: wait for one to finish.
problem-too-many-search-games-detail = Your address has as many games with a bot that thinks (Medium or Hard) running as it may: wait for one to finish, or seat an Easy bot.
problem-too-many-connections-detail = Too many requests from your address at once: send fewer at a time and try again. Nothing was done.
problem-too-many-streams-detail = Too many event streams are open: close one you no longer read, or wait and try again.
problem-push-endpoint-not-allowed-detail = The push subscription's endpoint is not one this server calls: give the https endpoint your browser's push service gave.
problem-too-many-push-subscriptions-detail = You hold the most push subscriptions allowed: delete one you no longer use.
problem-bot-suspended-detail = A bot named for a seat is suspended, as it stopped answering in time: seat another bot.
problem-hook-url-not-allowed-detail = The notification webhook's address is not allowed: give the public https address of your receiver, with no credentials. Nothing was registered.
problem-too-many-notification-hooks-detail = You have as many notification webhooks as you may: delete one first. Nothing was registered.
problem-player-required-detail = This game is rated: claim its seat with a player's token (POST /v1/players), so that its result counts for the player's rating.
problem-internal-error-detail = The server failed on this request; the error is logged. Retrying a command with its Idempotency-Key is safe.
problem-busy-detail = The game changed under the command too many times. Nothing was done; try again.
problem-redis-unavailable-detail = The store of the games is not answering: wait as long as Retry-After says, then try again.
problem-streams-full-detail = This server holds as many open streams as it may: wait as long as Retry-After says and open the stream again.
problem-no-rematch-detail = There is no rematch to answer here: offer one once the game is over, or offer anew after a decline or an expired offer.
problem-too-many-queues-detail = You wait in as many quick play queues as you may: wait for a table, or leave a queue first.
problem-on-vacation-detail = You are on vacation already: end it before you start another.
problem-no-vacation-days-detail = You have fewer vacation days left this year than you asked for.
problem-not-on-vacation-detail = You are not on vacation: there is none to end.
problem-no-hint-detail = No hint may be given now: this table gives none, the game is not being played, or it is not your turn.

## The rules a move may break, as a player understands them: an illegal move's detail in another
## language than English. A game's own rules use the words of its rulebook (shared/seeds/).

# Any game's commands.
problem-rule-UnknownCommand = This game has no such move.
problem-rule-BadCommand = The move is not a well-formed command.
problem-rule-BadArgument = A detail of the move is missing or has the wrong form.
problem-rule-NotYourTurn = It is not your turn.
problem-rule-WrongPhase = This move belongs to another phase of the game.
problem-rule-GameOver = The game is over.

# The table: seats, clocks, bots.
problem-rule-NoSuchGame = This game does not exist.
problem-rule-GameExists = This game exists already.
problem-rule-GameAbandoned = The game was abandoned.
problem-rule-SystemOnly = Only the server may send this command.
problem-rule-GameStarted = The game has started already.
problem-rule-GameNotRunning = The game is not being played: it has not begun yet, or it is over.
problem-rule-NoSuchSeat = This game has no such seat.
problem-rule-SeatResigned = This seat has resigned; its bot plays for it.
problem-rule-SeatForfeited = This seat lost on time; its bot plays for it.
problem-rule-NotAbsent = This seat is not away from the game.
problem-rule-OnVacation = This seat's clock is paused for a vacation already.
problem-rule-NoVacation = This game lets this seat's clock pause no more.
problem-rule-NotOnVacation = This seat's clock is not paused for a vacation.
problem-rule-SeatTaken = This seat is taken.
problem-rule-PlayerSeated = You hold a seat in this game already.
problem-rule-RatedSeat = A seat of a rated game is claimed by a player.
problem-rule-HintsOff = This table gives no hints.
problem-rule-PrivateTable = This table is private: you need an invitation.
problem-rule-SeatReserved = This seat is kept for another player.
problem-rule-BotSeat = This seat is a bot's; it plays by itself.
problem-rule-NotControlled = This seat is played by its player, not by a bot.
problem-rule-NotToAct = This seat may not act now.
problem-rule-NotRegistered = This seat's bot is not a registered one.
problem-rule-BotReplaced = This seat's bot has been replaced already.
problem-rule-NoClock = No clock runs for this seat.
problem-rule-NotDue = This seat's time has not run out yet.
problem-rule-WrongSeed = The seed is not the one the game committed to.
problem-rule-UndoOff = This table has no undo.
problem-rule-NotYourDecision = Only your own decisions may be taken back, and bots never undo.
problem-rule-NotAsked = No undo was asked of you.
problem-rule-UndoPending = An undo is being asked of the table: answer it first.
problem-rule-UndoOutOfReach = The game cannot return to that version now.
problem-rule-OtherSeatActed = Another player acted since then: the undo would take their move back.
problem-rule-ChanceRecorded = Chance was drawn since then: the undo would let you draw again.
problem-rule-SomethingRevealed = Something hidden was shown since then: the undo cannot hide it again.

# Felix: the words of its Portuguese rulebook (shared/seeds/002): leilão, licitar, fila, ratos.
problem-rule-CardNotInHand = That card is not in your hand.
problem-rule-BidTooLow = Your bid must be higher than the highest bid.
problem-rule-BidTooHigh = You do not have that many mice.
problem-rule-CannotAfford = You need a mouse to buy the cats of the row.

# DOGS: the words of its Brazilian rulebook (shared/seeds/000, 003): canil, baia, fileira, raça, enfermaria, medicamento, doar.
problem-rule-NotLegal = This move is not allowed now.
problem-rule-WrongMoment = This move cannot be made at this moment of the round.
problem-rule-BadPens = Arrange every pen you have built, and only those; a sick dog goes to the infirmary.
problem-rule-UnknownDog = A dog in your pens is not one you may place, or it is placed twice.
problem-rule-IllegalPen = Each row of a pen holds dogs of one breed only, and no pen holds more than two breeds.
problem-rule-BadCard = You have no Veterinarian card to play.
problem-rule-PlaceAsManyAsPossible = Place as many dogs in your pens as they can hold.
problem-rule-BadDonation = Donate exactly the dogs that have no place in your pens or your infirmary.
problem-rule-NotOffered = That dog is not the one being donated.
problem-rule-KeepAllDogs = To accept the donated dog, keep every dog in your pens.
problem-rule-NoMedicine = You need a medicine for each dog you cure.
problem-rule-NotInInfirmary = That dog is not in your infirmary.
problem-rule-PenNotBuilt = That pen has not been built.
problem-rule-NotInPen = That dog is not in that pen.

# Spots: the words of its Ukrainian rulebook (shared/seeds/001): тайл команди, кубик, закопати, смаколик, клітинка.
problem-rule-NotAutomatic = No automatic step is due now.
problem-rule-TileNotAvailable = That trick tile cannot be chosen now.
problem-rule-NothingToComplete = None of your dogs can be completed.
problem-rule-NotPending = That die is not waiting to be placed or buried.
problem-rule-BadNumber = You cannot choose that number.
problem-rule-BadSelection = You cannot choose those dice.
problem-rule-BadDigTarget = You cannot change that buried die that way.
problem-rule-BadSetAsideCount = You cannot set that many dice aside.
problem-rule-BadMove = You cannot move that die there.
problem-rule-NoTreats = You have no treats left.
problem-rule-MustRerollAll = A treat rerolls all the dice of the roll.
problem-rule-NoMatchingSpace = No open space on your dogs matches that die.

# A Dog's Life: the words of its Italian rulebook (shared/seeds/004): rifugio, Canile, accalappiacani, ossa, pipì, vescica, punti azione.
problem-rule-BadSeat = There is no such player in this game.
problem-rule-NotYourChoice = It is not your turn to choose a dog.
problem-rule-DogTaken = Another player has that dog already.
problem-rule-NoRouteToChoose = The dogcatcher's truck has no fork to choose a road at now.
problem-rule-IllegalRoute = The dogcatcher's truck cannot take that road.
problem-rule-NoTruckMove = The dogcatcher's truck does not move now.
problem-rule-NotTimed = The game's time is not up.
problem-rule-NoActionDeadline = No time limit runs on the action phase now.
problem-rule-NotYourActions = It is not your action phase.
problem-rule-NoActionPoints = You have no action points left.
problem-rule-InTransit = Your dog is only passing through this space: it may only move on.
problem-rule-NotAdjacent = That is not next to your dog.
problem-rule-PoundClosed = No dog may walk into the Pound.
problem-rule-NotYourDen = Only its own dog may enter a den.
problem-rule-BlockedByDogAndMark = Another dog stands at that lamppost, and its mark is there: your dog cannot enter.
problem-rule-SniffOnOccupied = Your dog would have to stop and sniff at a lamppost where another dog stands.
problem-rule-NowhereToStop = Your dog could not reach a free space to stop on.
problem-rule-NoUnsearchedTrash = There is no trash can here left to search.
problem-rule-NotAtRestaurant = Your dog is not at a restaurant.
problem-rule-AlreadyBegged = You have begged at this restaurant already this turn.
problem-rule-NotAtKiosk = Your dog is not at the newspaper kiosk.
problem-rule-MouthFull = Your dog's mouth is full.
problem-rule-NoNewspapers = There are no newspapers left at the kiosk.
problem-rule-NoNewspaperForThisHouse = Your dog carries no newspaper for this house.
problem-rule-NothingToPickUp = There is nothing of that kind here to pick up.
problem-rule-EmptySlot = Your dog is not carrying anything there.
problem-rule-NoNewspaperOnKiosk = A newspaper may not be dropped at the kiosk.
problem-rule-NotInOwnDen = Your dog is not in its den.
problem-rule-NoBone = Your dog carries no bone.
problem-rule-NotAtFountain = Your dog is not at a fountain.
problem-rule-CannotDrink = Your dog cannot drink: its bladder is full, or its reserve is empty.
problem-rule-NotAtLamppost = Your dog is not at a lamppost.
problem-rule-EmptyBladder = Your dog's bladder is empty.
problem-rule-AlreadyMarked = Your mark is on this lamppost already.
problem-rule-BadTarget = You cannot attack that dog.

# Notifications: what a player who is away is told (workers/notifications.py). $game is the game's name.
notify-turn-title = Your turn
notify-turn-body = It is your turn in { $game }.
notify-digest-title = Your turn
notify-digest-body = { $count ->
    [one] { $count } game waits for you.
   *[other] { $count } games wait for you.
}
notify-game_over-title = Game over
notify-game_over-body = Your game of { $game } is over.
notify-clock-title = Your clock is running out
notify-clock-body = { $seconds ->
    [one] { $seconds } second left for your turn in { $game }.
   *[other] { $seconds } seconds left for your turn in { $game }.
}
notify-invited-title = An invitation
notify-invited-body = You are invited to a game of { $game }.
notify-challenged-title = A challenge
notify-challenged-body = { $by } challenges you to a game of { $game }.
notify-challenge_accepted-title = Challenge accepted
notify-challenge_accepted-body = { $by } accepted your challenge: your game of { $game } has started.
notify-challenge_declined-title = Challenge declined
notify-challenge_declined-body = { $by } declined your challenge to a game of { $game }.
notify-challenge_withdrawn-title = Challenge withdrawn
notify-challenge_withdrawn-body = { $by } withdrew the challenge to a game of { $game }.
notify-challenge_expired-title = Challenge expired
notify-challenge_expired-body = { $by } did not answer your challenge to a game of { $game } in time.
notify-rematch-title = A rematch
notify-rematch-body = A rematch of { $game } was offered.
notify-seated-title = A seat for you
notify-seated-body = You have a seat in a game of { $game }.
notify-player-unnamed = Another player
notify-game-unnamed = a game

## Quick phrases of the chat (service/core/chat.py PHRASES): said by one player, read in each reader's language.
chat-phrase-hello = Hello!
chat-phrase-good-luck = Good luck!
chat-phrase-your-turn = Your turn!
chat-phrase-one-moment = One moment, please.
chat-phrase-thanks = Thanks!
chat-phrase-sorry = Sorry!
chat-phrase-well-played = Well played!
chat-phrase-gg = Good game!
