# Vita da cani (2001): italiano. Le parole del regolamento italiano (shared/seeds/004_*.txt): rifugio, Canile,
# accalappiacani, ossa, segnalini pipì, vescica, punti azione; vedi glossary.md.
dogslife-game-name = Vita da cani
dogslife-game-description = Sii un cane randagio in città: trova ossa, chiedi cibo ai ristoranti, consegna giornali, fai pipì sui lampioni e sfuggi all'accalappiacani. Vince il primo cane che seppellisce le sue ossa.
dogslife-silent = { "" }

## Opzioni.
dogslife-option-bone_target = Ossa per vincere
dogslife-option-bone_target-description = Quante ossa un cane deve seppellire nel suo rifugio per vincere. Con molti giocatori se ne possono chiedere meno, perché le 30 ossa bastino.
dogslife-option-timed_minutes = Tempo limite (minuti)
dogslife-option-timed_minutes-description = Partita a tempo: dopo questi minuti vince il cane con più ossa sepolte. Lascia 0 per giocare senza limite di tempo.
dogslife-option-timed_rounds = Limite di giri
dogslife-option-timed_rounds-description = Partita a tempo: dopo questi giri completi vince il cane con più ossa sepolte. Lascia 0 per giocare senza limite di giri.
dogslife-option-route_deadline_seconds = Tempo per scegliere la strada del camion (secondi)
dogslife-option-route_deadline_seconds-description = Quanto tempo ha un giocatore per scegliere dove svolta il camion dell'accalappiacani a un bivio; poi la strada è estratta a caso. Con 0 è sempre estratta subito.
dogslife-option-action_deadline_seconds = Tempo per le azioni del cane (secondi)
dogslife-option-action_deadline_seconds-description = Quanto tempo ha un giocatore per le azioni del suo cane; poi le sue azioni finiscono. Con 0 non c'è limite.
dogslife-option-dog_assignment = Cani
dogslife-option-dog_assignment-description = Se ogni giocatore riceve un cane a caso o ne sceglie uno, a turno.
dogslife-option-dog_assignment-random = Assegnati a caso
dogslife-option-dog_assignment-choose = Scelti dai giocatori
dogslife-option-first_seat = Primo giocatore
dogslife-option-first_seat-description = Il posto che gioca per primo, contando da 0; lascia vuoto per estrarlo a caso.

## I cani e le loro carte.
dogslife-dog-shepherd = Pastore Tedesco
dogslife-dog-boxer = Boxer
dogslife-dog-poodle = Barboncino
dogslife-dog-foxterrier = Fox Terrier
dogslife-dog-husky = Husky Siberiano
dogslife-dog-labrador = Labrador

## I luoghi del tabellone: gli edifici per numero, gli spazi di strada per ciò che vi si trova e le coordinate.
dogslife-den = il rifugio { $number }
dogslife-house = la casa { $number }
dogslife-restaurant = il ristorante { $number }
dogslife-kiosk = l'edicola
dogslife-pound = il Canile
dogslife-street = la strada { $column }-{ $row }
dogslife-trash-can = il bidone della spazzatura { $column }-{ $row }
dogslife-lamppost = il lampione { $column }-{ $row }
dogslife-fountain = la fontana { $column }-{ $row }
dogslife-cell = { $column }-{ $row }
dogslife-heading-east = verso est
dogslife-heading-west = verso ovest
dogslife-heading-north = verso nord
dogslife-heading-south = verso sud

## Ciò che un cane trasporta.
dogslife-a-bone = un osso
dogslife-a-newspaper = un giornale
dogslife-the-bone = l'osso
dogslife-newspaper-for = un giornale per { $house }
dogslife-the-newspaper-for = il giornale per { $house }
dogslife-bones = { $count ->
        [one] { $count } osso
       *[other] { $count } ossa
    }
dogslife-newspapers = { $count ->
        [one] { $count } giornale
       *[other] { $count } giornali
    }

## Che cosa dice una carta pescata.
dogslife-result-shuffle = la carta rimescola
dogslife-result-claws = { $count ->
        [one] { $count } artiglio
       *[other] { $count } artigli
    }
dogslife-result-food = { $days ->
        [one] { $days } giorno di cibo
       *[other] { $days } giorni di cibo
    }
dogslife-result-bone = un osso
dogslife-result-nothing = niente
dogslife-result-escaped = sfuggito
dogslife-result-caught = catturato
dogslife-result-leave = esce
dogslife-result-stay = resta

## Eventi.
dogslife-game-started = Comincia Vita da cani con { $players } giocatori: vince il primo cane che seppellisce { $target ->
        [one] { $target } osso
       *[other] { $target } ossa
    }.
dogslife-dog-assigned = { $player } gioca con il cane { $dog }.
dogslife-den-assigned = { $player } ha come casa { $den }.
dogslife-deck-shuffled = { $player } mescola il suo mazzo.
dogslife-deck-reshuffled = { $player } rimescola tutte le { $cards } carte del suo mazzo.
dogslife-stack-shuffled = I segnalini giornale vengono mescolati.
dogslife-first-player = { $player } gioca per primo.
dogslife-turn-started = Giro { $round }: tocca a { $player }.
dogslife-hunger-dropped = Il cane di { $player } ha più fame (fame { $hunger } su { $most }).
dogslife-dog-starved = Il cane di { $player } è affamato ed esausto.
dogslife-items-dropped = Il cane di { $player } lascia { $items } presso { $space }.
dogslife-items-dropped-and-returned = Il cane di { $player } lascia { $items } presso { $space }; { $returned ->
        [one] { $returned } giornale torna
       *[other] { $returned } giornali tornano
    } nella sezione Consegna Giornali.
dogslife-newspapers-returned = { $returned ->
        [one] { $returned } giornale di { $player } torna
       *[other] { $returned } giornali di { $player } tornano
    } nella sezione Consegna Giornali.
dogslife-sent-to-pound-hunger = Il cane di { $player } lascia { $space } e finisce nel Canile: è affamato.
dogslife-sent-to-pound-truck = Il cane di { $player } lascia { $space } e finisce nel Canile: l'ha preso l'accalappiacani.
dogslife-sent-to-pound-fight = Il cane di { $player } lascia { $space } e finisce nel Canile: ha perso la lotta.
dogslife-card-drawn-trash = { $player } pesca { $card } rovistando nella spazzatura: { $result }.
dogslife-card-drawn-restaurant = { $player } pesca { $card } mendicando: { $result }.
dogslife-card-drawn-newspaper = { $player } pesca { $card } per la consegna: { $result }.
dogslife-card-drawn-attack = { $player } pesca { $card } nella lotta: { $result }.
dogslife-card-drawn-escape = { $player } pesca { $card } per sfuggire al camion: { $result }.
dogslife-card-drawn-pound = { $player } pesca { $card } nel Canile: { $result }.
dogslife-stayed-in-pound = Il cane di { $player } resta nel Canile (spazio { $track } della tabella Canile).
dogslife-left-pound = Il cane di { $player } esce dal Canile.
dogslife-actions-started = { $player } ha { $points ->
        [one] { $points } punto azione
       *[other] { $points } punti azione
    }.
dogslife-dog-moved = { $player } raggiunge { $space } (punti azione rimasti: { $left }).
dogslife-lamppost-sniffed = { $player } annusa la pipì di { $owner } presso { $lamppost } e deve fermarsi.
dogslife-actions-ended-ap = { $player } non ha più punti azione.
dogslife-actions-ended-timeout = Il tempo per le azioni di { $player } è scaduto.
dogslife-actions-ended-lost-fight = { $player } ha perso la lotta, e il turno.
dogslife-actions-ended-ended = { $player } termina le sue azioni.
dogslife-nothing-found-no-slot = { $player } non ha uno spazio di trasporto libero per l'osso.
dogslife-nothing-found-no-bone-left = Non resta nessun osso nella riserva per { $player }.
dogslife-food-found = Il cane di { $player } mangia { $days ->
        [one] { $days } giorno di cibo
       *[other] { $days } giorni di cibo
    } (fame { $hunger } su { $most }).
dogslife-bone-found = { $player } prende l'osso.
dogslife-trash-day = Giorno della spazzatura! Tutti i bidoni tranne { $kept } si possono rovistare di nuovo.
dogslife-newspaper-taken = { $player } prende { $item } all'edicola.
dogslife-newspaper-delivered = { $player } consegna il giornale per { $house }.
dogslife-item-picked-up = { $player } raccoglie { $item } presso { $space }.
dogslife-item-dropped = { $player } lascia cadere { $item } presso { $space }.
dogslife-bone-buried = { $player } seppellisce un osso nel suo rifugio (ossa sepolte: { $buried }).
dogslife-bladder-filled = Il cane di { $player } beve (vescica { $bladder }, riserva { $reserve }).
dogslife-lamppost-marked = { $player } segna { $lamppost } con la pipì.
dogslife-lamppost-marked-over = { $player } segna { $lamppost } con la pipì, al posto di quella di { $owner }.
dogslife-attack-declared = { $player } attacca { $target }.
dogslife-fight-tied = La lotta: { $attacker ->
        [one] { $attacker } artiglio
       *[other] { $attacker } artigli
    } contro { $defender }, pareggio.
dogslife-fight-won = La lotta: { $attacker ->
        [one] { $attacker } artiglio
       *[other] { $attacker } artigli
    } contro { $defender }; vince { $winner }.
dogslife-truck-rolled = L'accalappiacani tira il dado: { $value } ({ $routes ->
        [one] { $routes } percorso possibile
       *[other] { $routes } percorsi possibili
    }).
dogslife-route-chosen-seat = Il giocatore manda il camion per { $route }.
dogslife-route-chosen-server = Il percorso del camion è estratto a caso: { $route }.
dogslife-route-chosen-forced = Il camion ha un solo percorso: { $route }.
dogslife-truck-moved = Il camion dell'accalappiacani va da { $start } a { $end }.
dogslife-truck-moved-heading = Il camion dell'accalappiacani va da { $start } a { $end }, { $heading }.
dogslife-dog-caught = L'accalappiacani cattura il cane di { $player } presso { $space }.
dogslife-escape-escaped = Il cane di { $player } sfugge al camion.
dogslife-escape-caught = Il cane di { $player } è catturato.
dogslife-turn-ended = Il turno di { $player } finisce.
dogslife-time-expired = Il tempo è scaduto: il giro si gioca fino alla fine.
dogslife-sudden-death = Spareggio: continuano solo { $players }, pari per ossa sepolte; vince il primo di loro che seppellisce un osso.
dogslife-won-target = Vince { $player }: il suo cane ha seppellito le ossa che servivano.
dogslife-won-tiebreak = Vince { $player }: il suo cane ha seppellito il primo osso dello spareggio.
dogslife-won-time = Vince { $player }: allo scadere del tempo il suo cane ha più ossa sepolte.

## Mosse e scelte.
dogslife-which-dog = Con quale cane giochi?
dogslife-choose-dog = Gioca con il cane { $dog }
dogslife-truck-where = Dove va il camion dell'accalappiacani?
dogslife-route-choose = Scegli il percorso
dogslife-route-any = Estrai il percorso a caso
dogslife-route = Manda il camion per { $route }
dogslife-truck-turns = Dove svolta il camion?
dogslife-via = Passa per { $street }
dogslife-what-to-do = Che cosa fa il tuo cane?
dogslife-where-to = Dove va il tuo cane?
dogslife-whom-to-attack = Quale cane attacchi?
dogslife-what-to-pick-up = Che cosa raccoglie il tuo cane?
dogslife-what-to-drop = Che cosa lascia cadere il tuo cane?
dogslife-action-move = Muoviti
dogslife-action-attack = Attacca un cane
dogslife-action-pickup = Raccogli qualcosa
dogslife-action-drop = Lascia cadere qualcosa
dogslife-move = Vai verso { $space }
dogslife-search = Cerca nel bidone della spazzatura
dogslife-beg = Mendica presso { $restaurant }
dogslife-take-newspaper = Abbaia per un giornale
dogslife-deliver = Consegna il giornale per { $house }
dogslife-pick-up = Raccogli { $item }
dogslife-drop = Lascia cadere { $item }
dogslife-drop-from-slot = Lascia cadere { $item } dallo spazio di trasporto { $slot }
dogslife-bury = Seppellisci un osso nel tuo rifugio
dogslife-drink = Bevi alla fontana
dogslife-pee = Fai pipì sul lampione
dogslife-pee-over = Fai pipì sul lampione, al posto della pipì di { $owner }
dogslife-attack = Attacca { $target } ({ $dog })
dogslife-end-actions = Termina le tue azioni

## Le carte, come stampate: la razza del cane e il numero della carta; la carta 0 è la carta rimescola.
dogslife-card-gs00 = Pastore Tedesco: carta rimescola
dogslife-card-gs01 = Pastore Tedesco 1
dogslife-card-gs02 = Pastore Tedesco 2
dogslife-card-gs03 = Pastore Tedesco 3
dogslife-card-gs04 = Pastore Tedesco 4
dogslife-card-gs05 = Pastore Tedesco 5
dogslife-card-gs06 = Pastore Tedesco 6
dogslife-card-gs07 = Pastore Tedesco 7
dogslife-card-gs08 = Pastore Tedesco 8
dogslife-card-gs09 = Pastore Tedesco 9
dogslife-card-gs10 = Pastore Tedesco 10
dogslife-card-gs11 = Pastore Tedesco 11
dogslife-card-gs12 = Pastore Tedesco 12
dogslife-card-bx00 = Boxer: carta rimescola
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
dogslife-card-po00 = Barboncino: carta rimescola
dogslife-card-po01 = Barboncino 1
dogslife-card-po02 = Barboncino 2
dogslife-card-po03 = Barboncino 3
dogslife-card-po04 = Barboncino 4
dogslife-card-po05 = Barboncino 5
dogslife-card-po06 = Barboncino 6
dogslife-card-po07 = Barboncino 7
dogslife-card-po08 = Barboncino 8
dogslife-card-po09 = Barboncino 9
dogslife-card-po10 = Barboncino 10
dogslife-card-po11 = Barboncino 11
dogslife-card-po12 = Barboncino 12
dogslife-card-ft00 = Fox Terrier: carta rimescola
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
dogslife-card-hu00 = Husky Siberiano: carta rimescola
dogslife-card-hu01 = Husky Siberiano 1
dogslife-card-hu02 = Husky Siberiano 2
dogslife-card-hu03 = Husky Siberiano 3
dogslife-card-hu04 = Husky Siberiano 4
dogslife-card-hu05 = Husky Siberiano 5
dogslife-card-hu06 = Husky Siberiano 6
dogslife-card-hu07 = Husky Siberiano 7
dogslife-card-hu08 = Husky Siberiano 8
dogslife-card-hu09 = Husky Siberiano 9
dogslife-card-hu10 = Husky Siberiano 10
dogslife-card-hu11 = Husky Siberiano 11
dogslife-card-hu12 = Husky Siberiano 12
dogslife-card-lb00 = Labrador: carta rimescola
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
