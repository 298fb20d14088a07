# Le parole del servizio: titoli e dettagli dei problemi. Italiano.
problem-bad-request = Richiesta non valida
problem-unauthorized = Non autorizzato
problem-invalid-stream-ticket = Biglietto di trasmissione non valido
problem-choose-seat = Scegli un posto
problem-not-your-seat = Non è il tuo posto
problem-not-invited = Senza invito
problem-not-at-table = Non sei a questo tavolo
problem-chat-closed = Chat chiusa
problem-not-your-challenge = Sfida non tua
problem-challenge-answered = Sfida già risposta
problem-not-your-turn = Non è il tuo turno
problem-not-found = Non trovato
problem-method-not-allowed = Metodo non consentito
problem-stale-version = Versione superata
problem-seat-taken = Posto occupato
problem-game-not-over = La partita non è finita
problem-body-too-large = Richiesta troppo grande
problem-body-timeout = Tempo della richiesta scaduto
problem-unsupported-media-type = Tipo di contenuto non supportato
problem-range-not-satisfiable = Intervallo richiesto non disponibile
problem-invalid-request = Richiesta non elaborabile
problem-illegal-move = Mossa non consentita
problem-bad-options = Opzioni non valide
problem-idempotency-key-reused = Chiave di idempotenza già usata
problem-version-not-reached = Versione non ancora raggiunta
problem-invalid-bot-key = Chiave del bot non valida
problem-not-your-bot = Non è il tuo bot
problem-bot-name-taken = Nome del bot già in uso
problem-url-not-allowed = Indirizzo non consentito
problem-bot-did-not-answer = Il bot non ha risposto
problem-rate-limited = Troppe richieste
problem-too-many-bot-games = Troppe partite di bot
problem-too-many-search-games = Troppe partite con bot che pensano
problem-too-many-connections = Troppe connessioni
problem-too-many-streams = Troppe trasmissioni
problem-push-endpoint-not-allowed = Endpoint push non consentito
problem-too-many-push-subscriptions = Troppe sottoscrizioni push
problem-bot-suspended = Bot sospeso
problem-hook-url-not-allowed = Indirizzo del webhook di notifica non consentito
problem-too-many-notification-hooks = Troppi webhook di notifica
problem-player-required = Serve un giocatore
problem-internal-error = Errore interno del server
problem-busy = Occupato
problem-redis-unavailable = Redis non disponibile
problem-streams-full = Troppe trasmissioni
problem-no-rematch = Nessuna rivincita
problem-too-many-queues = Troppe code
problem-on-vacation = In vacanza
problem-no-vacation-days = Niente giorni di vacanza
problem-not-on-vacation = Non in vacanza
problem-no-hint = Nessun suggerimento

## What each kind of problem means for the client: the detail of a problem in another language than
## English (the English detail, specific to the request, goes in detail_en).

problem-bad-request-detail = Non è stato possibile leggere la richiesta (il corpo, un'intestazione o un parametro); correggila prima di inviarla di nuovo.
problem-unauthorized-detail = La richiesta richiede un token valido: invia il token del posto o quello del giocatore.
problem-invalid-stream-ticket-detail = Il biglietto di trasmissione è sconosciuto, già usato o scaduto: chiedine uno nuovo e riapri la trasmissione.
problem-choose-seat-detail = Hai più posti in questa partita: indica per quale posto è la richiesta.
problem-not-your-seat-detail = Questo posto non è tuo: agisci solo per i tuoi posti.
problem-not-invited-detail = Questo tavolo è privato: prendi un posto con il tuo invito, o il posto tenuto per te.
problem-not-at-table-detail = Solo chi ha creato la partita o un giocatore seduto in essa invita ai suoi posti.
problem-chat-closed-detail = A questo tavolo gli spettatori non possono scrivere in chat.
problem-not-your-challenge-detail = Non tocca a te rispondere a questa sfida.
problem-challenge-answered-detail = A questa sfida è già stata data una risposta.
problem-not-your-turn-detail = Il tuo posto non può agire ora: aspetta il tuo turno.
problem-not-found-detail = Ciò che la richiesta indica non esiste.
problem-method-not-allowed-detail = Questo indirizzo non accetta questo metodo; l'intestazione Allow elenca quelli accettati.
problem-stale-version-detail = La partita è andata avanti da quando l'hai guardata: rileggila e decidi di nuovo. Non è stato fatto nulla.
problem-seat-taken-detail = Questo posto è occupato: prendi un altro posto libero, o guarda la partita.
problem-game-not-over-detail = La verifica si apre solo quando la partita è finita.
problem-body-too-large-detail = Il corpo della richiesta è troppo grande; inviane uno più piccolo.
problem-body-timeout-detail = Il corpo della richiesta non è arrivato in tempo. Non è stato fatto nulla; riprova.
problem-unsupported-media-type-detail = Il corpo va inviato come JSON (Content-Type: application/json). Non è stato fatto nulla.
problem-range-not-satisfiable-detail = Il file non ha i byte richiesti dall'intestazione Range.
problem-invalid-request-detail = La richiesta non corrisponde allo schema: 'errors' indica i campi da correggere.
problem-illegal-move-detail = Le regole del gioco non consentono questa mossa. Non è stato fatto nulla.
problem-bad-options-detail = Il server non accetta queste opzioni per una nuova partita: 'option' indica quella sbagliata.
problem-idempotency-key-reused-detail = Questa Idempotency-Key è già stata usata per un altro comando; dai a ogni comando una chiave nuova.
problem-version-not-reached-detail = La partita non ha ancora raggiunto quella versione; 'version' è la versione attuale.
problem-invalid-bot-key-detail = La chiave del bot manca o è sbagliata: invia la chiave ricevuta alla registrazione.
problem-not-your-bot-detail = Questo bot è di un altro giocatore: solo chi l'ha registrato può modificarlo o ritirarlo.
problem-bot-name-taken-detail = Un altro bot ha già questo nome: scegline un altro.
problem-url-not-allowed-detail = L'indirizzo del bot non è consentito: indica un indirizzo http o https con un host e senza credenziali.
problem-bot-did-not-answer-detail = Il bot non ha risposto alla sfida: avvialo, controlla che il suo indirizzo sia raggiungibile e riprova. Non è stato registrato nulla.
problem-rate-limited-detail = Troppe richieste di questo tipo: aspetta quanto indica Retry-After, poi riprova.
problem-too-many-bot-games-detail = Il tuo indirizzo ha già in corso il massimo di partite di soli bot: aspetta che una finisca.
problem-too-many-search-games-detail = Il tuo indirizzo ha già in corso il massimo di partite con un bot che pensa (Medio o Difficile): aspetta che una finisca, o fai sedere un bot Facile.
problem-too-many-connections-detail = Troppe richieste contemporanee dal tuo indirizzo: inviane meno alla volta e riprova. Non è stato fatto nulla.
problem-too-many-streams-detail = Ci sono troppe trasmissioni di eventi aperte: chiudine una che non leggi più, o aspetta e riprova.
problem-push-endpoint-not-allowed-detail = L'endpoint della sottoscrizione push non è tra quelli che questo server chiama: indica l'endpoint https dato dal servizio push del tuo browser.
problem-too-many-push-subscriptions-detail = Hai già il massimo di sottoscrizioni push consentite: eliminane una che non usi più.
problem-bot-suspended-detail = Un bot indicato per un posto è sospeso, perché ha smesso di rispondere in tempo: metti un altro bot.
problem-hook-url-not-allowed-detail = L'indirizzo del webhook di notifica non è consentito: indica l'indirizzo https pubblico del tuo ricevitore, senza credenziali. Non è stato registrato nulla.
problem-too-many-notification-hooks-detail = Hai già tutti i webhook di notifica che puoi avere: eliminane prima uno. Non è stato registrato nulla.
problem-player-required-detail = Questa partita vale per la classifica: prendi il posto con il token di un giocatore (POST /v1/players), così il risultato conta per il punteggio del giocatore.
problem-internal-error-detail = Il server ha fallito su questa richiesta; l'errore è registrato. Ripetere un comando con la sua Idempotency-Key è sicuro.
problem-busy-detail = La partita è cambiata troppe volte durante il comando. Non è stato fatto nulla; riprova.
problem-redis-unavailable-detail = L'archivio delle partite non risponde: aspetta quanto indica Retry-After, poi riprova.
problem-streams-full-detail = Questo server ha già aperto il massimo di trasmissioni: aspetta quanto indica Retry-After e riapri la trasmissione.
problem-no-rematch-detail = Qui non c'è una rivincita a cui rispondere: proponila quando la partita è finita, o proponila di nuovo dopo un rifiuto o una proposta scaduta.
problem-too-many-queues-detail = Aspetti già nel massimo di code di partita rapida: aspetta un tavolo, o esci prima da una coda.
problem-on-vacation-detail = Sei già in vacanza: terminala prima di iniziarne un'altra.
problem-no-vacation-days-detail = Quest'anno ti restano meno giorni di vacanza di quelli che chiedi.
problem-not-on-vacation-detail = Non sei in vacanza: non c'è nessuna vacanza da terminare.
problem-no-hint-detail = Nessun suggerimento ora: questo tavolo non ne dà, la partita non è in corso, o non è il tuo turno.

## The rules a move may break, as a player understands them: an illegal move's detail in another
## language than English. A game's own rules use the words of its rulebook (shared/seeds/).

# Any game's commands.
problem-rule-UnknownCommand = Questo gioco non ha questa mossa.
problem-rule-BadCommand = La mossa non è un comando ben formato.
problem-rule-BadArgument = Un dato della mossa manca o ha la forma sbagliata.
problem-rule-NotYourTurn = Non è il tuo turno.
problem-rule-WrongPhase = Questa mossa appartiene a un'altra fase della partita.
problem-rule-GameOver = La partita è finita.

# The table: seats, clocks, bots.
problem-rule-NoSuchGame = Questa partita non esiste.
problem-rule-GameExists = Questa partita esiste già.
problem-rule-GameAbandoned = La partita è stata abbandonata.
problem-rule-SystemOnly = Solo il server può inviare questo comando.
problem-rule-GameStarted = La partita è già cominciata.
problem-rule-GameNotRunning = La partita non è in corso: non è ancora cominciata, o è finita.
problem-rule-NoSuchSeat = Questa partita non ha quel posto.
problem-rule-SeatResigned = Questo posto si è ritirato; il suo bot gioca al suo posto.
problem-rule-SeatForfeited = Questo posto ha perso per tempo; il suo bot gioca al suo posto.
problem-rule-NotAbsent = Questo posto non è assente dalla partita.
problem-rule-OnVacation = L'orologio di questo posto è già fermo per una vacanza.
problem-rule-NoVacation = Questa partita non lascia più fermare l'orologio di questo posto.
problem-rule-NotOnVacation = L'orologio di questo posto non è fermo per una vacanza.
problem-rule-SeatTaken = Questo posto è occupato.
problem-rule-PlayerSeated = Hai già un posto in questa partita.
problem-rule-RatedSeat = Un posto di una partita che vale per la classifica si prende come giocatore.
problem-rule-HintsOff = Questo tavolo non dà suggerimenti.
problem-rule-PrivateTable = Questo tavolo è privato: ti serve un invito.
problem-rule-SeatReserved = Questo posto è tenuto per un altro giocatore.
problem-rule-BotSeat = Questo posto è di un bot; gioca da solo.
problem-rule-NotControlled = Questo posto è giocato dal suo giocatore, non da un bot.
problem-rule-NotToAct = Questo posto non può agire ora.
problem-rule-NotRegistered = Il bot di questo posto non è un bot registrato.
problem-rule-BotReplaced = Il bot di questo posto è già stato sostituito.
problem-rule-NoClock = Per questo posto non corre alcun orologio.
problem-rule-NotDue = Il tempo di questo posto non è ancora scaduto.
problem-rule-WrongSeed = Il seme non è quello fissato dalla partita all'inizio.
problem-rule-UndoOff = Questo tavolo non consente di annullare.
problem-rule-NotYourDecision = Puoi annullare solo le tue decisioni, e i bot non annullano mai.
problem-rule-NotAsked = Nessuno ti ha chiesto di annullare.
problem-rule-UndoPending = Al tavolo è stato chiesto un annullamento: rispondi prima.
problem-rule-UndoOutOfReach = La partita non può tornare a quella versione ora.
problem-rule-OtherSeatActed = Un altro giocatore ha giocato da allora: annullare cancellerebbe la sua mossa.
problem-rule-ChanceRecorded = Da allora è intervenuto il caso: annullando potresti pescare di nuovo.
problem-rule-SomethingRevealed = Da allora è stato mostrato qualcosa di nascosto: annullare non lo nasconde più.

# Felix: the words of its Portuguese rulebook (shared/seeds/002): leilão, licitar, fila, ratos.
problem-rule-CardNotInHand = Quella carta non è nella tua mano.
problem-rule-BidTooLow = La tua offerta deve superare l'offerta più alta.
problem-rule-BidTooHigh = Non hai tanti topi.
problem-rule-CannotAfford = Ti serve un topo per comprare i gatti della fila.

# DOGS: the words of its Brazilian rulebook (shared/seeds/000, 003): canil, baia, fileira, raça, enfermaria, medicamento, doar.
problem-rule-NotLegal = Questa mossa non è consentita ora.
problem-rule-WrongMoment = Questa mossa non si può fare in questo momento del round.
problem-rule-BadPens = Sistema tutti i recinti costruiti, e solo quelli; un cane malato va in infermeria.
problem-rule-UnknownDog = Uno dei cani nei recinti non può essere sistemato da te, o compare due volte.
problem-rule-IllegalPen = Ogni fila di un recinto ospita cani di una sola razza, e nessun recinto più di due razze.
problem-rule-BadCard = Non hai una carta Veterinario da giocare.
problem-rule-PlaceAsManyAsPossible = Sistema nei recinti tanti cani quanti ne possono ospitare.
problem-rule-BadDonation = Dona esattamente i cani che non trovano posto né nei recinti né in infermeria.
problem-rule-NotOffered = Quel cane non è quello che viene donato.
problem-rule-KeepAllDogs = Per accettare il cane donato, tieni tutti i cani nei recinti.
problem-rule-NoMedicine = Ti serve una medicina per ogni cane che curi.
problem-rule-NotInInfirmary = Quel cane non è nella tua infermeria.
problem-rule-PenNotBuilt = Quel recinto non è stato costruito.
problem-rule-NotInPen = Quel cane non è in quel recinto.

# Spots: the words of its Ukrainian rulebook (shared/seeds/001): тайл команди, кубик, закопати, смаколик, клітинка.
problem-rule-NotAutomatic = Ora non è previsto alcun passo automatico.
problem-rule-TileNotAvailable = Quella tessera comando non si può scegliere ora.
problem-rule-NothingToComplete = Nessuno dei tuoi cani si può completare.
problem-rule-NotPending = Quel dado non aspetta di essere piazzato o seppellito.
problem-rule-BadNumber = Non puoi scegliere quel numero.
problem-rule-BadSelection = Non puoi scegliere quei dadi.
problem-rule-BadDigTarget = Non puoi cambiare così quel dado sepolto.
problem-rule-BadSetAsideCount = Non puoi mettere da parte tanti dadi.
problem-rule-BadMove = Non puoi spostare quel dado lì.
problem-rule-NoTreats = Non hai più croccantini.
problem-rule-MustRerollAll = Un croccantino fa ritirare tutti i dadi del lancio.
problem-rule-NoMatchingSpace = Nessuno spazio libero dei tuoi cani corrisponde a quel dado.

# A Dog's Life: the words of its Italian rulebook (shared/seeds/004): rifugio, Canile, accalappiacani, ossa, pipì, vescica, punti azione.
problem-rule-BadSeat = In questa partita non c'è questo giocatore.
problem-rule-NotYourChoice = Non tocca a te scegliere un cane.
problem-rule-DogTaken = Quel cane è già di un altro giocatore.
problem-rule-NoRouteToChoose = Ora il camion dell'accalappiacani non è a un bivio dove scegliere la strada.
problem-rule-IllegalRoute = Il camion dell'accalappiacani non può prendere quella strada.
problem-rule-NoTruckMove = Ora il camion dell'accalappiacani non si muove.
problem-rule-NotTimed = Il tempo della partita non è ancora scaduto.
problem-rule-NoActionDeadline = Ora non c'è un limite di tempo per la fase delle azioni.
problem-rule-NotYourActions = Non è la tua fase delle azioni.
problem-rule-NoActionPoints = Non hai più punti azione.
problem-rule-InTransit = Il tuo cane sta solo passando da questo spazio: può solo proseguire.
problem-rule-NotAdjacent = Non è accanto al tuo cane.
problem-rule-PoundClosed = Nessun cane può entrare da solo nel Canile.
problem-rule-NotYourDen = In un rifugio può entrare solo il suo cane.
problem-rule-BlockedByDogAndMark = A quel lampione c'è un altro cane, con la sua pipì: il tuo cane non può entrare.
problem-rule-SniffOnOccupied = Il tuo cane dovrebbe fermarsi ad annusare un lampione dove c'è un altro cane.
problem-rule-NowhereToStop = Il tuo cane non potrebbe raggiungere uno spazio libero dove fermarsi.
problem-rule-NoUnsearchedTrash = Qui non c'è un bidone della spazzatura in cui cercare ancora.
problem-rule-NotAtRestaurant = Il tuo cane non è a un ristorante.
problem-rule-AlreadyBegged = Hai già mendicato a questo ristorante in questo turno.
problem-rule-NotAtKiosk = Il tuo cane non è all'edicola.
problem-rule-MouthFull = Il tuo cane ha la bocca piena.
problem-rule-NoNewspapers = All'edicola non ci sono più giornali.
problem-rule-NoNewspaperForThisHouse = Il tuo cane non porta un giornale per questa casa.
problem-rule-NothingToPickUp = Qui non c'è niente del genere da raccogliere.
problem-rule-EmptySlot = Il tuo cane non porta niente in quello spazio.
problem-rule-NoNewspaperOnKiosk = Non si può lasciare cadere un giornale all'edicola.
problem-rule-NotInOwnDen = Il tuo cane non è nel suo rifugio.
problem-rule-NoBone = Il tuo cane non porta un osso.
problem-rule-NotAtFountain = Il tuo cane non è a una fontana.
problem-rule-CannotDrink = Il tuo cane non può bere: la vescica è piena, o la riserva è vuota.
problem-rule-NotAtLamppost = Il tuo cane non è a un lampione.
problem-rule-EmptyBladder = La vescica del tuo cane è vuota.
problem-rule-AlreadyMarked = La tua pipì è già su questo lampione.
problem-rule-BadTarget = Non puoi attaccare quel cane.

# Notifiche: cosa si dice a un giocatore assente (workers/notifications.py).
notify-turn-title = Tocca a te
notify-turn-body = Tocca a te in { $game }.
notify-digest-title = Tocca a te
notify-digest-body = { $count ->
    [one] { $count } partita ti aspetta.
   *[other] { $count } partite ti aspettano.
}
notify-game_over-title = Partita finita
notify-game_over-body = La tua partita di { $game } è finita.
notify-clock-title = Il tuo tempo sta per scadere
notify-clock-body = { $seconds ->
    [one] Resta { $seconds } secondo per il tuo turno in { $game }.
   *[other] Restano { $seconds } secondi per il tuo turno in { $game }.
}
notify-invited-title = Un invito
notify-invited-body = Sei invitato a una partita di { $game }.
notify-challenged-title = Una sfida
notify-challenged-body = { $by } ti sfida a una partita di { $game }.
notify-challenge_accepted-title = Sfida accettata
notify-challenge_accepted-body = { $by } ha accettato la tua sfida: la tua partita di { $game } è iniziata.
notify-challenge_declined-title = Sfida rifiutata
notify-challenge_declined-body = { $by } ha rifiutato la tua sfida a una partita di { $game }.
notify-challenge_withdrawn-title = Sfida ritirata
notify-challenge_withdrawn-body = { $by } ha ritirato la sfida a una partita di { $game }.
notify-challenge_expired-title = Sfida scaduta
notify-challenge_expired-body = { $by } non ha risposto in tempo alla tua sfida a una partita di { $game }.
notify-rematch-title = Una rivincita
notify-rematch-body = È stata proposta una rivincita di { $game }.
notify-seated-title = Un posto per te
notify-seated-body = Hai un posto in una partita di { $game }.
notify-player-unnamed = Un altro giocatore
notify-game-unnamed = una partita

## Quick phrases of the chat (service/core/chat.py PHRASES): said by one player, read in each reader's language.
chat-phrase-hello = Ciao!
chat-phrase-good-luck = Buona fortuna!
chat-phrase-your-turn = Tocca a te!
chat-phrase-one-moment = Un momento, per favore.
chat-phrase-thanks = Grazie!
chat-phrase-sorry = Scusa!
chat-phrase-well-played = Ben giocato!
chat-phrase-gg = Bella partita!
