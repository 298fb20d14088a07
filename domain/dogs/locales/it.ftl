# DOGS, il gioco del canile: italiano.
dogs-game-name = DOGS
dogs-game-description = Gestisci un canile: guida il furgone in città e in campagna per salvare cani, curare i malati, amministrare cibo, medicine, benzina e monete, e avere il canile meglio gestito della città.
dogs-nothing = { "" }

## Opzioni.
dogs-option-start_player = Primo giocatore
dogs-option-start_player-description = Il posto che inizia il primo round; vuoto per uno a caso.

## Cose: razze, carte, caselle d'azione, spazi, recinti, colori, riserve.
dogs-breed-beagle = Beagle
dogs-breed-mutt = Meticcio
dogs-breed-rottweiler = Rottweiler
dogs-breed-bulldog = Bulldog
dogs-breed-golden = Golden Retriever
dogs-breed-yorkshire = Yorkshire
dogs-breed-border-collie = Border Collie
dogs-breed-labrador = Labrador
dogs-breed-dalmatian = Dalmata
dogs-breed-german-shepherd = Pastore tedesco
dogs-breed-poodle = Barboncino
dogs-breed-saint-bernard = San Bernardo
dogs-card-food-1 = Cibo ×1
dogs-card-food-2 = Cibo ×2
dogs-card-food-3 = Cibo ×3
dogs-card-medicine-1 = Medicine ×1
dogs-card-medicine-2 = Medicine ×2
dogs-card-medicine-3 = Medicine ×3
dogs-card-gas-1 = Benzina ×1
dogs-card-gas-2 = Benzina ×2
dogs-card-gas-3 = Benzina ×3
dogs-card-coins-1 = Monete ×1
dogs-card-coins-2 = Monete ×2
dogs-card-coins-3 = Monete ×3
dogs-card-receive-dog = Ricevi un cane
dogs-card-trained-dog = Cane addestrato
dogs-card-veterinarian = Veterinario
dogs-card-dog-swap = Scambio di cani
dogs-card-discount = Sconto
dogs-card-prize-dog = Cane premiato
dogs-card-helper = Aiutante
dogs-card-free-entry = Ingresso libero
dogs-card-copy = { $card } ({ $number } di { $of })
dogs-box-city-hall = Municipio
dogs-box-warehouse = Magazzino
dogs-box-pet-shop = Negozio di animali
dogs-box-vet = Veterinario
dogs-box-fair = Fiera dei cani
dogs-space-center = casella centrale
dogs-space-c1 = casella 1 della città
dogs-space-c2 = casella 2 della città
dogs-space-c3 = casella 3 della città
dogs-space-c4 = casella 4 della città
dogs-space-c5 = casella 5 della città
dogs-space-c6 = casella 6 della città
dogs-space-c7 = casella 7 della città
dogs-space-c8 = casella 8 della città
dogs-space-k1 = casella 1 della campagna
dogs-space-k2 = casella 2 della campagna
dogs-space-k3 = casella 3 della campagna
dogs-space-k4 = casella 4 della campagna
dogs-space-k5 = casella 5 della campagna
dogs-space-k6 = casella 6 della campagna
dogs-space-k7 = casella 7 della campagna
dogs-space-k8 = casella 8 della campagna
dogs-pen-b1 = primo recinto
dogs-pen-b2 = secondo recinto
dogs-pen-a2 = recinto da 2 punti
dogs-pen-a3 = recinto da 3 punti
dogs-pen-a5 = recinto da 5 punti
dogs-colour-blue = blu
dogs-colour-yellow = giallo
dogs-colour-green = verde
dogs-colour-red = rosso
dogs-group-city = della città
dogs-group-country = della campagna
dogs-amount-coins = { $count ->
        [one] 1 moneta
       *[other] { $count } monete
    }
dogs-amount-food = { $count ->
        [one] 1 razione di cibo
       *[other] { $count } razioni di cibo
    }
dogs-amount-medicine = { $count ->
        [one] 1 medicina
       *[other] { $count } medicine
    }
dogs-amount-gas = { $count ->
        [one] 1 tanica di benzina
       *[other] { $count } taniche di benzina
    }

## Cani.
dogs-dog = { $breed }
dogs-dog-lost = { $breed } smarrito
dogs-dog-sick = { $breed } malato
dogs-blocker = segnalino di blocco
dogs-breed-count = { $count ->
        [one] { $breed }
       *[other] { $breed } ×{ $count }
    }
dogs-dog-on-space = { $dog } sulla { $space }
dogs-dog-in-pen = { $dog } del { $pen }
dogs-dog-in-pen-copy = { $dog } del { $pen } ({ $number } di { $of })
dogs-dog-numbered = { $dog } ({ $number } di { $of })

## Che cosa succede.
dogs-game-created = Inizia una partita a Dogs con { $count } giocatori: { $colours }.
dogs-seat-colour = { $player } ha il canile { $colour }
dogs-breeds-removed = Restano nella scatola: { $breeds }.
dogs-all-breeds-in-play = Sono in gioco tutte e dodici le razze.
dogs-lost-dogs-removed = { $count ->
        [one] 1 cane smarrito viene tolto coperto, senza guardarlo.
       *[other] { $count } cani smarriti vengono tolti coperti, senza guardarli.
    }
dogs-cards-removed = Restano fuori dal gioco: { $cards }.
dogs-starting-resources = Ogni canile parte con { $resources }.
dogs-supply-shuffled = Si mescolano i cani { $group } ({ $count ->
        [one] 1 segnalino
       *[other] { $count } segnalini
    }).
dogs-board-filled = Il tabellone si riempie con { $count ->
        [one] 1 segnalino nuovo
       *[other] { $count } segnalini nuovi
    } (cani smarriti: { $lost }; cani malati: { $sick }; segnalini di blocco: { $blockers }).
dogs-board-refilled = Il tabellone si riempie di nuovo con { $count ->
        [one] 1 segnalino nuovo
       *[other] { $count } segnalini nuovi
    } (cani smarriti: { $lost }; cani malati: { $sick }; segnalini di blocco: { $blockers }).
dogs-fair-deck-shuffled = Si mescolano le carte della Fiera dei cani.
dogs-fair-card-revealed = La carta della Fiera dei cani mostra: { $breeds }.
dogs-card-deck-shuffled = Si mescolano le { $count } carte azione.
dogs-box-cards-dealt = Carte azione: { $boxes }.
dogs-cards-at-box = { $box } ({ $cards })
dogs-start-player-chosen = Inizia { $player }.
dogs-round-started = Inizia il round { $round }.
dogs-trucks-set-out = Fase 1: i furgoni partono dal centro a raccogliere cani.
dogs-income-paid = Ogni canile guadagna { $coins }.
dogs-gas-bought = { $player } compra { $gas } per { $coins }.
dogs-card-played = { $player } gioca la carta { $card }.
dogs-dogs-swapped = { $player } scambia i cani sulla { $first } e sulla { $second }.
dogs-blocker-returned = Esce un segnalino di blocco: torna nella riserva { $group }.
dogs-dog-drawn = { $player } pesca un cane dalla riserva { $group }: { $dog }.
dogs-lost-dog-delivered = Il cane smarrito ({ $dog }) va alla Fiera dei cani; { $player } guadagna { $reward }.
dogs-lost-dog-delivered-unrewarded = Il cane smarrito ({ $dog }) va alla Fiera dei cani, senza ricompensa.
dogs-truck-moved = { $player } guida dalla { $start } alla { $end } ({ $gas }).
dogs-dog-collected = { $player } raccoglie un cane sulla { $space }: { $dog }.
dogs-truck-returned = { $player } torna al canile per { $order ->
        [1] primo
        [2] secondo
        [3] terzo
       *[other] quarto
    }.
dogs-return-bonus = { $player } prende { $amount } come bonus di ritorno.
dogs-return-bonus-capped = { $player } prende { $amount } come bonus di ritorno (perse: { $lost }; il garage ne tiene { $cap }).
dogs-stayed-home = { $player } resta al canile.
dogs-last-round-supply-short = Il round { $round } sarà l'ultimo: i cani { $group } non bastano a riempire il tabellone.
dogs-last-round-all-stayed-home = Il round { $round } sarà l'ultimo: nessun furgone è partito.
dogs-last-round-all-blockers-out = Il round { $round } sarà l'ultimo: tutti e sei i segnalini di blocco sono sul tabellone.
dogs-kennel-arranged = { $player } sistema il canile: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 cane malato in infermeria
       *[other] ; { $sick } cani malati in infermeria
    }.
dogs-kennel-arranged-giving = { $player } sistema il canile: { $pens }{ $sick ->
        [0] {""}
        [one] ; 1 cane malato in infermeria
       *[other] ; { $sick } cani malati in infermeria
    }. Dona: { $gifts }.
dogs-pen-holds = { $pen } ({ $dogs })
dogs-pen-empty = { $pen } (vuoto)
dogs-every-pen-empty = tutti i recinti vuoti
dogs-full-pen-bonus = Il { $pen } di { $player } è pieno di una sola razza: 1 moneta di bonus.
dogs-donation-offered = { $donor } offre un cane a { $player }: { $dog }.
dogs-donation-declined = { $player } rifiuta il cane: { $dog }.
dogs-donation-no-room = { $player } non ha posto per il cane: { $dog }.
dogs-donation-accepted = { $player } accoglie il cane: { $dog }.
dogs-donation-accepted-sick = { $player } accoglie il cane in infermeria: { $dog }.
dogs-donated-to-fair = Nessuno accoglie il cane di { $donor } ({ $dog }): va alla Fiera dei cani.
dogs-phase-started = Fase { $phase }: { $phase ->
        [1] raccolta dei cani
        [2] azioni
       *[other] cibo e stipendi
    }.
dogs-meeple-placed = { $player } mette un meeple sull'azione { $box }.
dogs-meeple-placed-taking = { $player } mette un meeple sull'azione { $box } e prende la carta { $card }.
dogs-meeple-placed-free = { $player } mette un meeple sull'azione { $box } (ingresso libero).
dogs-resource-gained = { $player } riceve { $amount }.
dogs-resource-gained-capped = { $player } riceve { $amount } (perse: { $lost }; il garage ne tiene { $cap }).
dogs-card-kept = { $player } tiene la carta { $card } per dopo.
dogs-pen-built = { $player } costruisce il { $pen } per { $coins }.
dogs-resources-swapped = { $player } scambia { $give } con { $take }.
dogs-supplies-bought = { $player } compra { $goods } per { $coins }.
dogs-dog-cured = { $player } cura un cane e lo mette nel { $pen }: { $dog }.
dogs-dog-sold = { $player } vende un cane alla Fiera dei cani per { $coins }: { $dog }.
dogs-dog-bought = { $player } compra un cane alla Fiera dei cani per { $coins } e lo mette nel { $pen }: { $dog }.
dogs-dog-swapped-at-fair = { $player } scambia un cane ({ $given }) con uno della Fiera ({ $taken }) e lo mette nel { $pen }.
dogs-action-skipped = { $player } rinuncia all'azione { $box }.
dogs-dog-fell-sick = { $player } non nutre il { $pen }: un cane ({ $dog }) si ammala e va in infermeria.
dogs-dog-sent-to-fair = { $player } non nutre il { $pen } e l'infermeria è piena: un cane ({ $dog }) va alla Fiera dei cani.
dogs-pens-fed = { $player } nutre: { $pens } ({ $count ->
        [one] 1 razione di cibo
       *[other] { $count } razioni di cibo
    }).
dogs-salary-paid-coin = { $player } paga 1 moneta all'aiutante.
dogs-salary-paid-card = { $player } paga l'aiutante con la carta { $card }.
dogs-helper-rehired-coin = { $player } riassume l'aiutante per 1 moneta.
dogs-helper-rehired-card = { $player } riassume l'aiutante con la carta { $card }.
dogs-helper-lost = { $player } non paga l'aiutante, che se ne va.
dogs-helper-not-rehired = { $player } resta senza aiutante.
dogs-box-cards-discarded = { $count ->
        [one] La carta rimasta sulle azioni va negli scarti.
       *[other] Le { $count } carte rimaste sulle azioni vanno negli scarti.
    }
dogs-card-deck-reshuffled = Gli scarti si mescolano in un nuovo mazzo di { $count ->
        [one] 1 carta
       *[other] { $count } carte
    }.
dogs-fair-card-rotated = La nuova carta della Fiera dei cani mostra: { $breeds }.
dogs-blockers-collected = { $count ->
        [one] Il segnalino di blocco sul tabellone torna nella sua riserva.
       *[other] I { $count } segnalini di blocco sul tabellone tornano nelle riserve.
    }
dogs-start-player-passed = { $player } inizierà il prossimo round.
dogs-final-scores = Punteggi finali: { $scores }.
dogs-score = { $player } { $points }
dogs-game-ended = Partita finita: { $count ->
        [one] vince { $winners }.
       *[other] vincono a pari merito { $winners }.
    }
dogs-game-ended-removed = Partita finita: { $count ->
        [one] vince { $winners }.
       *[other] vincono a pari merito { $winners }.
    } I cani smarriti tolti all'inizio erano: { $removed }.

## Mosse.
dogs-buy-gas = Compra { $gas } per { $coins }
dogs-buy-no-gas = Non comprare benzina
dogs-play-dog-swap = Gioca { $card }: scambia { $first } e { $second }
dogs-play-receive-dog = Gioca { $card }: prendi un cane dalla riserva { $group }
dogs-move-truck = Guida fino a: { $dog } ({ $gas })
dogs-return-home = Torna al canile
dogs-return-home-bonus = Torna al canile e prendi { $bonus }
dogs-stay-home = Resta al canile
dogs-arrange-kennel = Sistema il canile: { $layout }{ $gifts }{ $vet }
dogs-giving = ; dona { $gifts }
dogs-giving-none = { "" }
dogs-playing = ; gioca { $card }
dogs-playing-none = { "" }
dogs-accept-donation = Accogli il cane ({ $dog }): { $layout }
dogs-accept-donation-sick = Accogli il cane in infermeria: { $dog }
dogs-decline-donation = Rifiuta il cane: { $dog }
dogs-place-meeple = Metti un meeple sull'azione { $box }
dogs-place-meeple-taking = Metti un meeple sull'azione { $box } e prendi { $card }
dogs-place-meeple-free = Metti un meeple sull'azione { $box } con { $card }
dogs-skip-action = Rinuncia all'azione { $box }
dogs-build-pen = Costruisci il { $pen } per { $coins }
dogs-build-pen-discount = Costruisci il { $pen } per { $coins } con { $card }
dogs-swap-resources = Scambia { $give } con { $take }
dogs-buy-supplies = Compra { $goods } per { $coins }
dogs-cure-dogs = Cura: { $cures }
dogs-cure-into = { $dog } nel { $pen }
dogs-sell-dog = Vendi: { $dog }, per { $coins }
dogs-sell-dog-bonus = Vendi: { $dog }, con { $cards }, per { $coins }
dogs-buy-dog = Compra dalla Fiera: { $dog }, nel { $pen }, per { $coins }
dogs-swap-at-fair = Scambia { $given } con un cane della Fiera ({ $taken }), nel { $pen }
dogs-feed-every-pen = Nutri tutti i recinti
dogs-leave-unfed = Lascia senza cibo: { $fates }
dogs-unfed-falls-sick = { $pen }, { $dog } si ammala
dogs-unfed-to-fair = { $pen }, { $dog } va alla Fiera dei cani
dogs-let-helper-go = Lascia andare l'aiutante
dogs-leave-helper-unhired = Resta senza aiutante
dogs-pay-helper-coin = Paga 1 moneta all'aiutante
dogs-rehire-helper-coin = Riassumi l'aiutante per 1 moneta
dogs-pay-helper-card = Paga l'aiutante con { $card }
dogs-rehire-helper-card = Riassumi l'aiutante con { $card }

## Scelte: domande e risposte.
dogs-ask-gas = Quanta benzina compri?
dogs-choice-gas = { $coins ->
        [0] Niente benzina
        [one] 1 moneta: { $gas }
       *[other] { $coins } monete: { $gas }
    }
dogs-ask-truck = Tocca al tuo furgone: che cosa fai?
dogs-choice-play = Gioca { $card }
dogs-ask-swap-first = Quale cane sposti?
dogs-ask-swap-second = { $first }: con quale cane lo scambi?
dogs-choice-dog-on-space = { $dog } sulla { $space }
dogs-ask-supply = Da quale riserva prendi un cane?
dogs-choice-supply = Riserva { $group }
dogs-choice-drive = Guida fino a una casella
dogs-ask-destination = Dove vai?
dogs-ask-bonus = Che cosa prendi come bonus di ritorno?
dogs-choice-bonus = { $bonus }
dogs-ask-vet = Giochi una carta Veterinario, per mettere subito nei recinti i cani malati del furgone?
dogs-choice-no-vet = Nessuna carta
dogs-ask-arrange = Sistema il tuo canile
dogs-ask-dog-place = Dove va il cane ({ $dog })?
dogs-choice-pen = Nel { $pen }
dogs-choice-give-away = Donalo
dogs-ask-sick-dog = L'infermeria ne tiene sei: il cane malato ({ $dog }) resta?
dogs-choice-keep-sick = Resta in infermeria
dogs-ask-donation = { $donor } ti offre un cane ({ $dog }): lo accogli?
dogs-choice-take-in = Accoglilo
dogs-ask-box = Dove metti il tuo meeple?
dogs-choice-box = Azione: { $box }
dogs-ask-card = Quale carta prendi all'azione { $box }?
dogs-choice-take-card = Prendi { $card }
dogs-choice-free-entry = Entra con { $card }, senza prendere carte
dogs-choice-no-card = Non prendere carte
dogs-ask-action = Che cosa fai all'azione { $box }?
dogs-choice-give = Dai { $give }
dogs-ask-take = Che cosa prendi in cambio di { $give }?
dogs-choice-take = Prendi { $take }
dogs-choice-buy-supplies = Compra cibo e medicine
dogs-ask-supplies-coins = Quante monete spendi?
dogs-choice-spend = { $count ->
        [one] Spendi 1 moneta
       *[other] Spendi { $count } monete
    }
dogs-ask-food = Con { $coins } compri { $tokens } segnalini: quanti di cibo? Il resto sono medicine.
dogs-choice-food = Cibo: { $food }; { $medicine }
dogs-choice-cure = Cura i cani malati
dogs-ask-cure = Dove va il cane malato ({ $dog })?
dogs-choice-sell = Vendi un cane
dogs-ask-sell = Quale cane vendi?
dogs-choice-dog = { $dog }
dogs-ask-bonus-card = Aggiungi { $card } alla vendita (+{ $coins })?
dogs-choice-add-card = Aggiungila
dogs-choice-keep-card = Tienila
dogs-choice-buy = Compra un cane ({ $coins })
dogs-ask-buy = Quale cane della Fiera compri?
dogs-choice-fair-dog = { $dog } della Fiera
dogs-ask-pen = In quale recinto va il cane ({ $dog })?
dogs-choice-swap-at-fair = Scambia un cane con la Fiera
dogs-ask-give-dog = Quale dei tuoi cani dai?
dogs-ask-take-dog = Quale cane della Fiera prendi in cambio ({ $dog })?
dogs-ask-feeding = Nutri i tuoi cani
dogs-ask-feed = Nutri il { $pen }?
dogs-choice-feed = Nutrilo
dogs-choice-unfed-sick = No: { $dog } si ammala
dogs-choice-unfed-fair = No: { $dog } va alla Fiera dei cani
dogs-ask-salary = Lo stipendio del tuo aiutante

## Quando si può giocare ogni carta speciale, e che cosa fa.
dogs-card-receive-dog-when = il tuo turno della fase 1, col furgone in giro
dogs-card-receive-dog-effect = prendi 1 cane dalla riserva della città o della campagna sul tuo furgone
dogs-card-trained-dog-when = insieme a una vendita alla Fiera dei cani
dogs-card-trained-dog-effect = +1 moneta per quella vendita
dogs-card-veterinarian-when = quando sistemi il canile alla fine della fase 1
dogs-card-veterinarian-effect = i cani malati sul tuo furgone vanno subito nei recinti, guariti
dogs-card-dog-swap-when = il tuo turno della fase 1, prima della tua azione
dogs-card-dog-swap-effect = scambia di posto due cani qualsiasi sul tabellone
dogs-card-discount-when = con l'azione del Municipio
dogs-card-discount-effect = apri un recinto per 1 moneta invece di 2
dogs-card-prize-dog-when = insieme a una vendita alla Fiera dei cani
dogs-card-prize-dog-effect = +2 monete per quella vendita
dogs-card-helper-when = fase 3, quando si paga lo stipendio
dogs-card-helper-effect = paga lo stipendio dell'aiutante (o lo riassume) al posto di 1 moneta
dogs-card-free-entry-when = quando piazzi un meeple nella fase 2
dogs-card-free-entry-effect = piazza un meeple su un riquadro pieno; non prendi carte
