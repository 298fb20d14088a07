# Contatore, un gioco per le misure: italiano.
counter-game-name = Contatore
counter-game-description = Un gioco per misurare il server: ogni mossa si somma a un totale comune.
counter-game-started = Inizia una partita a contatore: { $moves } mosse; comincia { $first }.
counter-incremented = { $player } aggiunge { $by }: il totale è { $total }.
counter-game-ended = Fine della partita: { $count ->
        [one] vince { $winners }
       *[other] vincono { $winners }
    }.
counter-add = Aggiungi { $by }
counter-how-much = Quanto aggiungi?
