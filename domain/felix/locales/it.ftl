# Felix: il gatto nel sacco: italiano (i termini del gioco tradotti dal regolamento portoghese, shared/seeds/002).
felix-game-name = Felix: il gatto nel sacco
felix-game-description = Un'asta col bluff: a ogni round una fila di carte coperte finisce nel sacco, e si offrono topi per gatti che non si vedono tutti. I cani scacciano i gatti; vince chi ha più punti.

## Le carte, per tipo (ogni mazzo ne ha una per tipo).
felix-card-cat-8 = gatto -8
felix-card-cat-5 = gatto -5
felix-card-cat3 = gatto 3
felix-card-cat5 = gatto 5
felix-card-cat8 = gatto 8
felix-card-cat11 = gatto 11
felix-card-cat15 = gatto 15
felix-card-rabbit = coniglio
felix-card-bigdog = cane grande
felix-card-smalldog = cane piccolo
felix-owned-card = il { $card } di { $owner }
felix-dummy-card = il { $card } del giocatore virtuale
felix-score = { $player } ({ $total })

## Eventi.
felix-game-started = Inizia una partita a { $players } giocatori: ognuno ha { $cards } carte e { $mice } topi, la banca ne ha { $bank } e { $first } è il primo giocatore.
felix-round-started = Inizia il round { $round } con { $player } come primo giocatore; le carte moneta sono piene di topi.
felix-round-started-unstocked = Inizia il round { $round } con { $player } come primo giocatore; le carte moneta sono vuote: chi passa non riceve nulla.
felix-card-played = { $player } mette una carta coperta: è la { $place ->
        [1] prima
        [2] seconda
        [3] terza
        [4] quarta
       *[other] quinta
    } carta della fila.
felix-card-played-seen = { $player } mette coperto il { $card }: è la { $place ->
        [1] prima
        [2] seconda
        [3] terza
        [4] quarta
       *[other] quinta
    } carta della fila.
felix-card-revealed = Si scopre la { $place ->
        [1] prima
        [2] seconda
        [3] terza
        [4] quarta
       *[other] quinta
    } carta della fila: { $card }.
felix-bid-placed = { $player } offre { $amount ->
        [one] { $amount } topo
       *[other] { $amount } topi
    } (ne aggiunge { $added } sul tavolo).
felix-player-passed = { $returned ->
        [0] { $player } passa.
        [one] { $player } passa e riprende { $returned } topo.
       *[other] { $player } passa e riprende { $returned } topi.
    }
felix-mice-taken = { $player } prende { $amount ->
        [one] { $amount } topo
       *[other] { $amount } topi
    } dalla carta moneta da { $card }.
felix-dog-chased-cat = Il { $dog } scaccia il { $cat }.
felix-dogs-removed = { $count ->
        [one] Il { $dogs } esce dal gioco senza scacciare nessun gatto.
       *[other] I cani escono dal gioco senza scacciare nessun gatto: { $dogs }.
    }
felix-sack-won = { $count ->
        [0] { $player } paga { $price ->
            [one] { $price } topo
           *[other] { $price } topi
        } alla banca e vince un sacco vuoto.
       *[other] { $player } paga { $price ->
            [one] { $price } topo
           *[other] { $price } topi
        } alla banca e vince il sacco: { $cards }.
    }
felix-row-discarded = { $player } rinuncia alla fila, che esce dal gioco: { $cards }.
felix-mouse-cards-refilled = Le carte moneta si riempiono di nuovo; alla banca restano { $bank ->
        [one] { $bank } topo
       *[other] { $bank } topi
    }.
felix-refill-skipped-row-discarded = La fila è uscita dal gioco, quindi le carte moneta restano vuote; la banca ha { $bank ->
        [one] { $bank } topo
       *[other] { $bank } topi
    }.
felix-refill-skipped-bank-short = La banca ha solo { $bank ->
        [one] { $bank } topo
       *[other] { $bank } topi
    }, troppo pochi per riempire le carte moneta: restano vuote.
felix-game-ended = Partita finita. { $count ->
        [one] Vince { $winners }
       *[other] Vincono { $winners }
    } con { $total } punti. Totali: { $scores }.

## Mosse.
felix-play-card = Metti coperto il { $card }
felix-bid = Offri { $amount ->
        [one] { $amount } topo
       *[other] { $amount } topi
    }
felix-pass = Passa
felix-pass-back = Passa e riprendi { $back ->
        [one] { $back } topo
       *[other] { $back } topi
    }
felix-pass-paid = Passa e prendi { $amount ->
        [one] { $amount } topo
       *[other] { $amount } topi
    } dalla carta moneta da { $card }
felix-pass-back-paid = Passa, riprendi { $back ->
        [one] { $back } topo
       *[other] { $back } topi
    } e prendi { $amount ->
        [one] { $amount } topo
       *[other] { $amount } topi
    } dalla carta moneta da { $card }
felix-buy-for-one = Compra la fila per 1 topo
felix-decline-buy = Rinuncia alla fila (esce dal gioco)

## Scelte.
felix-which-card = Quale carta metti coperta?
felix-pass-or-bid = Offri o passi?
felix-choose-bid = Offri
felix-how-much = Quanti topi offri in tutto?
felix-buy-or-decline = Tutti gli altri hanno passato senza offrire. Compri la fila per 1 topo?
