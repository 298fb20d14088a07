# Spots (nell'edizione ucraina «Крапки», shared/seeds/001_*.txt): italiano.
spots-game-name = Spots
spots-game-description = Tira i dadi, esegui i comandi e seppellisci dadi nel tuo cortile per riempire di punti le tue carte cane, senza sballare. Gioca da solo contro Pes o in gara con altri giocatori.
spots-pes = Pes
# Un evento che un'altra riga del registro racconta già.
spots-silent = { "" }

## Cose sul tavolo

spots-dog-card = { $dog } ({ $spaces })
spots-die = il dado da { $value }
spots-die-numbered = il dado da { $value } (n. { $number })
spots-die-on-dog = il dado da { $value } su { $dog }
spots-space = casella { $value } di { $dog }
spots-buried-die-yours = { $die } nel tuo cortile
spots-buried-die-of = { $die } nel cortile di { $player }

## Carte cane

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

## Tessere comando

spots-tile-howl = Ululare
spots-tile-roll-over = Rotolare
spots-tile-walk = Passeggiare
spots-tile-dig = Scavare
spots-tile-retrieve = Vieni qui
spots-tile-trot = Trotterellare
spots-tile-track = Seguire la traccia
spots-tile-run = Correre
spots-tile-chase = Inseguire
spots-tile-bolt = Scattare
spots-tile-dogpile = Mucchio di cani
spots-tile-sprint = Avanti
spots-tile-fetch = Riporto
spots-tile-guard = Fare la guardia
spots-tile-hunt = Cacciare
spots-tile-scavenge = Rovistare
spots-tile-search = Cercare
spots-tile-beg = Chiedere
spots-tile-chew = Masticare
spots-tile-gobble = Divorare
spots-tile-play-dead = Fare il morto
spots-tile-stay = Resta

## Opzioni (i nomi dei set di tessere sono i titoli dei loro valori)

spots-option-tile_set = Tessere comando
spots-option-tile_set-description = Le sei tessere comando sul tavolo: Ululare, Rotolare e una tessera per colore.
spots-option-tile_set-beginner = Nuova famiglia (per iniziare)
spots-option-tile_set-new_family = Nuova famiglia
spots-option-tile_set-dog_park = Parco per cani
spots-option-tile_set-obstacle_course = Percorso a ostacoli
spots-option-tile_set-hunting_grounds = Terreni di caccia
spots-option-tile_set-kennel_club = Club cinofilo
spots-option-tile_set-puppy_pen = Recinto dei cuccioli
spots-option-tile_set-random = Tessere a caso
spots-option-tile_set-custom = Tessere a scelta
spots-option-tile_set-free_walk = Passeggiata libera (tutte le tessere)
spots-option-custom_tiles = Le tue tessere
spots-option-custom_tiles-description = Per le tessere a scelta: una gialla, una viola, una blu e una verde.
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
spots-option-pes_treats = Croccantini di Pes
spots-option-pes_treats-description = Partita in solitario: i croccantini con cui Pes comincia. Più ne ha, più è difficile batterlo.

## Passi delle tessere, come si chiama un passo saltato

spots-step-draw-dog = pescare un cane
spots-step-roll-one = tirare un dado
spots-step-roll-two = tirare due dadi
spots-step-roll-three = tirare tre dadi
spots-step-roll-yard = tirare i dadi del cortile
spots-step-may-roll-one = tirare un altro dado
spots-step-dig = scavare
spots-step-retrieve = prendere un dado
spots-step-trot = spostare un dado
spots-step-track = seguire la traccia
spots-step-run-on = continuare a correre
spots-step-chase = inseguire
spots-step-set-aside = mettere da parte dei dadi
spots-step-bolt-roll = scattare
spots-step-dogpile = il mucchio di cani
spots-step-sprint = andare avanti
spots-step-fetch = il riporto
spots-step-name-number = dire un numero
spots-step-guard-roll = fare la guardia
spots-step-hunt = cacciare
spots-step-scavenge = rovistare
spots-step-search = cercare
spots-step-take-one = prendere un croccantino
spots-step-beg-paws = chiedere
spots-step-chew-double = masticare
spots-step-take-seven = divorare
spots-step-gobble-return = restituire croccantini
spots-step-play-dead-treats = fare il morto
spots-step-stay = restare
spots-reason-no-dice = la riserva non ha dadi
spots-reason-pack-full = il branco ha già 6 cani
spots-reason-empty-yard = il cortile è vuoto
spots-reason-no-paws = nessuna zampa per scavare
spots-reason-no-buried-dice = nessun cortile ha dadi
spots-reason-no-move = nessun dado può spostarsi

## Eventi

spots-game-started = Inizia una partita a Spots per { $count } giocatori. Tessere: { $tiles }.
spots-game-started-solo = Inizia una partita a Spots in solitario contro { $pes }. Tessere: { $tiles }.
spots-random-set-drawn = Tessere a caso: { $tiles }.
spots-stacks-shuffled = Le pile della passeggiata libera vengono mescolate; in cima: { $tiles }.
spots-tricks-laid-out = Comandi: { $tiles }.
spots-deck-shuffled = Le { $count } carte cane vengono mescolate.
spots-dog-dealt = { $player } riceve { $dog }.
spots-treats-gained-setup = { $player } prende { $count ->
        [one] un croccantino
       *[other] { $count } croccantini
    } per iniziare.
spots-treats-gained = { $player } prende { $count ->
        [one] un croccantino
       *[other] { $count } croccantini
    } con { $tile }.
spots-start-die-buried = { $player } seppellisce un { $value } per iniziare.
spots-start-tie-rerolled = { $player } ritira per lo spareggio: { $value }.
spots-first-player = Comincia { $player }.
spots-pes-treats-gained = { $pes } prende { $count ->
        [one] un croccantino
       *[other] { $count } croccantini
    }.
spots-turn-started = Tocca a { $player }.
spots-all-busted = Nessun dado nella riserva: tutti sballano.
spots-treat-placed-on-tile = Un croccantino va su { $tile }, l'ultimo comando scoperto.
spots-tiles-refreshed = Rinnovo: { $tiles } { $count ->
        [one] torna scoperta
       *[other] tornano scoperte
    }.
spots-trick-chosen = { $player } esegue { $tile }.
spots-treats-taken-from-tile = { $player } prende { $count ->
        [one] il croccantino
       *[other] i { $count } croccantini
    } su { $tile }.
spots-tile-flipped-up = { $player } scopre { $tile }.
spots-tile-flipped-down = { $player } copre { $tile }.
spots-offered-may-roll-one = { $player } può tirare un altro dado.
spots-offered-run-on = { $player } può continuare a correre (tirare un altro dado).
spots-offered-chase = { $player } può inseguire ancora.
spots-offered-dogpile = { $player } può fare un altro mucchio di cani.
spots-offered-sprint = { $player } può andare avanti ancora.
spots-offered-bolt-roll = { $player } può tirare un dado messo da parte.
spots-offered-dig = { $player } può scavare, cambiando dadi sepolti { $count ->
        [one] una volta
       *[other] fino a { $count } volte
    }.
spots-offered-trot = { $player } può spostare un dado su un'altra casella dei suoi cani.
spots-declined-may-roll-one = Non si tira un altro dado.
spots-declined-run-on = La corsa si ferma.
spots-declined-chase = L'inseguimento si ferma.
spots-declined-dogpile = Il mucchio di cani si ferma.
spots-declined-sprint = Lo scatto in avanti si ferma.
spots-declined-bolt-roll = Lo scatto si ferma.
spots-declined-dig = Lo scavo finisce.
spots-declined-trot = Nessun dado si sposta.
spots-step-skipped = Passo saltato: { $step } ({ $reason }).
spots-dog-drawn = { $player } pesca { $dog }.
spots-rolled-supply = { $player } tira: { $values }.
spots-rolled-yard = { $player } tira i dadi del suo cortile: { $values }.
spots-rolled-set-aside = { $player } tira un dado messo da parte: { $values }.
spots-rolled-dogpile = { $player } tira il mucchio di cani: { $values }.
spots-treat-spent = { $player } spende un croccantino per ritirare.
spots-rerolled = Il nuovo tiro dà { $values }.
spots-number-chosen = { $player } dice { $number }.
spots-die-set = { $player } mette un dado sul { $value }.
spots-dice-kept = { $player } tiene { $count ->
        [one] un dado
       *[other] { $count } dadi
    }.
spots-discarded-fetch = { $count ->
        [one] Un dado che non mostra quel numero torna
       *[other] { $count } dadi che non mostrano quel numero tornano
    } nella riserva.
spots-discarded-guard = { $count ->
        [one] Un dado più alto di quel numero torna
       *[other] { $count } dadi più alti di quel numero tornano
    } nella riserva.
spots-discarded-hunt = { $count ->
        [one] L'altro dado torna
       *[other] Gli altri { $count } dadi tornano
    } nella riserva.
spots-discarded-search = { spots-discarded-hunt }
spots-discarded-no-eight = Nessun gruppo di dadi fa 8: { $count ->
        [one] il dado torna
       *[other] tutti i { $count } dadi tornano
    } nella riserva.
spots-discarded-scavenge = { $count ->
        [one] Un dado sotto il totale del cortile torna
       *[other] { $count } dadi sotto il totale del cortile tornano
    } nella riserva.
spots-die-placed = { $player } mette un { $value } su { $dog }.
spots-die-buried = { $player } seppellisce un { $value } (totale del cortile: { $total }).
spots-busted = { $player } sballa: { $count ->
        [one] un dado torna
       *[other] { $count } dadi tornano
    } nella riserva.
spots-completed-fast = { $player } ha riempito tutti i cani aperti e completa subito { $dogs }.
spots-completed-slow = { $player } completa { $dogs } invece di eseguire un comando.
spots-treats-returned = { $player } restituisce { $count ->
        [one] un croccantino
       *[other] { $count } croccantini
    }.
spots-buried-die-adjusted = Il { $old } sepolto nel cortile di { $player } diventa un { $new }.
spots-buried-die-dug-out = L'1 sepolto nel cortile di { $player } viene dissotterrato.
spots-die-moved = { $player } sposta un { $old } su { $dog }, dove diventa un { $value }.
spots-dice-set-aside = { $player } mette da parte { $count ->
        [one] un dado
       *[other] { $count } dadi
    } da tirare uno alla volta.
spots-dice-returned = { $player } si ferma: { $count ->
        [one] il dado messo da parte torna
       *[other] i { $count } dadi messi da parte tornano
    } nella riserva.
spots-die-taken-yard = { $player } prende un dado dal suo cortile.
spots-die-taken-dog = { $player } prende un dado da un cane.
spots-turn-ended = Finisce il turno di { $player }.
spots-pes-turn = Tocca a { $pes }.
spots-pes-rolled = { $pes } tira un { $value }.
spots-pes-took-treats = { $pes } prende { $count ->
        [one] il croccantino
       *[other] i { $count } croccantini
    } su { $tile }.
spots-pes-treats-spent = { $pes } restituisce { $count } croccantini per una carta cane.
spots-pes-completed-die = { $pes } completa { $dog } (il suo dado è caduto su un comando coperto).
spots-pes-completed-treats = { $pes } completa { $dog }.
spots-game-ended = { $count ->
        [one] Vince { $winners }
       *[other] Vincono { $winners }
    }, con { $dogs ->
        [one] un cane completato
       *[other] { $dogs } cani completati
    }.

## Mosse

spots-do-trick = Esegui { $tile }
spots-do-trick-with-treats = Esegui { $tile } e prendi { $count ->
        [one] il croccantino
       *[other] { $count } croccantini
    }
spots-complete-dogs = Completa { $dogs }
spots-reroll-all = Spendi un croccantino per ritirare { $count ->
        [one] il dado
       *[other] tutti i { $count } dadi
    }
spots-reroll-some = Spendi un croccantino per ritirare { $dice }
spots-keep-roll = Tieni il tiro
spots-keep-number = Tieni i dadi da { $number }
spots-set-die-to = Metti il dado sul { $number }
spots-name-number = Di' { $number }
spots-keep-dice = Tieni { $dice }
spots-discard-nothing = Non scartare nulla
spots-discard-dice = Scarta { $dice }
spots-place-die = Metti { $die } su { $dog }
spots-bury-die = Seppellisci { $die }
spots-do-may-roll-one = Tira un altro dado
spots-do-run-on = Continua a correre (tira un altro dado)
spots-do-chase = Insegui ancora
spots-do-dogpile = Un altro mucchio di cani
spots-do-sprint = Avanti ancora
spots-do-bolt-roll = Tira un dado messo da parte
spots-skip-may-roll-one = Non tirare altri dadi
spots-skip-run-on = Smetti di correre
spots-skip-chase = Smetti di inseguire
spots-skip-dogpile = Basta mucchio di cani
spots-skip-sprint = Smetti di andare avanti
spots-skip-bolt-roll = Fermati e restituisci i dadi messi da parte
spots-stop-digging = Smetti di scavare
spots-move-no-die = Non spostare nessun dado
spots-move-die = Sposta { $die } sulla { $space }
spots-dig-out = Dissotterra { $die }
spots-dig-raise = Alza a { $value } { $die }
spots-dig-lower = Abbassa a { $value } { $die }
spots-set-aside = Metti da parte { $count ->
        [one] un dado
       *[other] { $count } dadi
    }
spots-take-die-yard = Prendi { $die } dal tuo cortile
spots-take-die-dog = Prendi { $die }

## Scelte

spots-choose-action = Esegui un comando o completi i tuoi cani?
spots-a-trick = Esegui un comando
spots-choose-trick = Quale comando esegui?
spots-choose-reroll = Tieni il tiro o spendi un croccantino per ritirare?
spots-choose-offer = Continui?
spots-choose-fetch = Quale numero tieni?
spots-choose-hunt = Quali due dadi tieni?
spots-choose-search = Quali dadi tieni? Devono fare 8 in tutto.
spots-choose-scavenge = Quali dadi sotto il totale del tuo cortile scarti?
spots-choose-die = Quale dado metti o seppellisci?
spots-choose-where = Dove va { $die }?
spots-pick = { $die }
spots-on-dog = Su { $dog }
spots-in-your-yard = Seppelliscilo nel tuo cortile
spots-choose-dig = Cambi un dado sepolto?
spots-change-a-buried-die = Cambia un dado sepolto
spots-choose-buried-die = Quale dado sepolto?
spots-choose-dig-how = Lo alzi o lo abbassi?
spots-choose-trot = Sposti un dado su un'altra casella?
spots-move-a-die = Sposta un dado
spots-choose-die-to-move = Quale dado sposti?
spots-choose-space = Su quale casella vuota?
spots-choose-take = Quale dado aggiungi al mucchio di cani?
spots-choose-set-die = Su quale numero della carta in cima al mazzo metti il dado?
spots-choose-guard = Quale numero dici? I dadi più alti vengono scartati.
spots-choose-set-aside = Quanti dadi metti da parte?
