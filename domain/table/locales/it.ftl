# Le parole del tavolo (tutti i giochi): italiano.
table-player-number = Giocatore { $number }
table-choose-move = Scegli la tua mossa
table-bot-name = { $dog } { $level }
table-bot-random = Casuale
table-bot-greedy = Goloso
table-bot-easy = Facile
table-bot-medium = Medio
table-bot-hard = Difficile
table-opened = Si apre un nuovo tavolo di { $game } con { $seats } posti ({ $bots ->
        [0] nessun bot
        [one] un bot
       *[other] { $bots } bot
    }).
table-seat-claimed = { $player } prende posto.
table-abandoned-unfilled = Nessuno ha riempito il tavolo entro { $seconds ->
        [one] un secondo
       *[other] { $seconds } secondi
    }: la partita è abbandonata.
table-abandoned-too-long = La partita ha raggiunto { $limit } eventi ed è abbandonata.
table-seed-revealed = Il seme segreto è svelato: ora chiunque può verificare la partita.
table-clock-started = Corre l'orologio di { $player }: { $seconds ->
        [one] un secondo
       *[other] { $seconds } secondi
    } per decidere.
table-clock-stopped = L'orologio di { $player } si ferma con { $seconds ->
        [one] un secondo
       *[other] { $seconds } secondi
    } rimasti.
table-clock-expired = Il tempo di { $player } è scaduto: questa mossa la decide un bot.
table-seat-absent = { $player } ha esaurito il tempo { $times ->
        [one] una volta
       *[other] { $times } volte di fila
    }: un bot gioca al suo posto finché non torna.
table-seat-returned = { $player } è tornato.
table-seat-resigned = { $player } si arrende: un bot continua al suo posto, e finisce ultimo.
table-seat-forfeited = { $player } perde per tempo: un bot continua al suo posto, e non può vincere.
table-vacation-started = { $player } è in vacanza: il suo orologio è fermo per al massimo { $days ->
        [one] un giorno
       *[other] { $days } giorni
    }.
table-vacation-ended = { $player } è tornato dalla vacanza: il suo orologio corre di nuovo.
table-bot-replaced = Il bot di { $player } ha fallito { $failures } volte di fila: da ora gioca al suo posto { $fallback }.
table-winners = { $count ->
        [one] Vince { $winners }
       *[other] Vincono { $winners }
    }
table-undo = Annulla { $moves ->
        [one] la tua ultima mossa
       *[other] le tue ultime { $moves } mosse
    }
table-undone = { $player } annulla delle mosse: la partita torna alla versione { $version }.
table-undo-asked = { $player } chiede di annullare le mosse fino alla versione { $version }: tutti gli altri giocatori devono accettare.
table-undo-accepted = { $player } accetta l'annullamento.
table-undo-declined = { $player } rifiuta l'annullamento.
table-undo-accept = Accetta l'annullamento di { $player } (fino alla versione { $version })
table-undo-decline = Rifiuta l'annullamento di { $player }
