# Felix: The Cat in the Sack: português europeu, com as palavras do livro de regras (shared/seeds/002).
felix-game-name = Felix: The Cat in the Sack
felix-game-description = Um leilão de bluff: em cada ronda uma fila de cartas de face para baixo vai para o saco, e licita-se com ratos por gatos que nem todos se veem. Os cães afugentam os gatos; ganha quem tiver mais pontos.

## As cartas, por tipo (cada conjunto tem uma de cada).
felix-card-cat-8 = gato -8
felix-card-cat-5 = gato -5
felix-card-cat3 = gato 3
felix-card-cat5 = gato 5
felix-card-cat8 = gato 8
felix-card-cat11 = gato 11
felix-card-cat15 = gato 15
felix-card-rabbit = coelho
felix-card-bigdog = cão grande
felix-card-smalldog = cão pequeno
felix-owned-card = o { $card } de { $owner }
felix-dummy-card = o { $card } do jogador virtual
felix-score = { $player } ({ $total })

## Acontecimentos.
felix-game-started = Começa um jogo de { $players } jogadores: cada um recebe { $cards } cartas e { $mice } ratos, o banco fica com { $bank ->
        [one] { $bank } rato
       *[other] { $bank } ratos
    } e { $first } é o 1º jogador.
felix-round-started = Começa a ronda { $round } com { $player } como 1º jogador; as cartas de moedas têm ratos.
felix-round-started-unstocked = Começa a ronda { $round } com { $player } como 1º jogador; as cartas de moedas estão vazias: quem passar não recebe nada.
felix-card-played = { $player } coloca uma carta de face para baixo: é a { $place ->
        [1] primeira
        [2] segunda
        [3] terceira
        [4] quarta
       *[other] quinta
    } carta da fila.
felix-card-played-seen = { $player } coloca o { $card } de face para baixo: é a { $place ->
        [1] primeira
        [2] segunda
        [3] terceira
        [4] quarta
       *[other] quinta
    } carta da fila.
felix-card-revealed = Vira-se a { $place ->
        [1] primeira
        [2] segunda
        [3] terceira
        [4] quarta
       *[other] quinta
    } carta da fila: { $card }.
felix-bid-placed = { $player } licita { $amount ->
        [one] { $amount } rato
       *[other] { $amount } ratos
    } (coloca mais { $added } na mesa).
felix-player-passed = { $returned ->
        [0] { $player } passa.
        [one] { $player } passa e recebe de volta { $returned } rato.
       *[other] { $player } passa e recebe de volta { $returned } ratos.
    }
felix-mice-taken = { $player } recebe { $amount ->
        [one] { $amount } rato
       *[other] { $amount } ratos
    } da carta de { $card } moedas.
felix-dog-chased-cat = O { $dog } afugenta o { $cat }.
felix-dogs-removed = { $count ->
        [one] O { $dogs } é removido de jogo sem afugentar nenhum gato.
       *[other] Os cães são removidos de jogo sem afugentar nenhum gato: { $dogs }.
    }
felix-sack-won = { $count ->
        [0] { $player } paga { $price ->
            [one] { $price } rato
           *[other] { $price } ratos
        } ao banco e recebe um saco vazio.
       *[other] { $player } paga { $price ->
            [one] { $price } rato
           *[other] { $price } ratos
        } ao banco e recebe o saco: { $cards }.
    }
felix-row-discarded = { $player } também passa, e as cartas da fila são removidas de jogo: { $cards }.
felix-mouse-cards-refilled = Colocam-se de novo ratos nas cartas de moedas; o banco fica com { $bank ->
        [one] { $bank } rato
       *[other] { $bank } ratos
    }.
felix-refill-skipped-row-discarded = As cartas da fila foram removidas, por isso as cartas de moedas ficam vazias; o banco tem { $bank ->
        [one] { $bank } rato
       *[other] { $bank } ratos
    }.
felix-refill-skipped-bank-short = O banco só tem { $bank ->
        [one] { $bank } rato
       *[other] { $bank } ratos
    }, o que não chega para as cartas de moedas: ficam vazias.
felix-game-ended = Fim do jogo. { $count ->
        [one] O vencedor é { $winners }
       *[other] Os vencedores são { $winners }
    }, com { $total } pontos. Totais: { $scores }.

## Jogadas.
felix-play-card = Colocar o { $card } de face para baixo
felix-bid = Licitar { $amount ->
        [one] { $amount } rato
       *[other] { $amount } ratos
    }
felix-pass = Passar
felix-pass-back = Passar e receber de volta { $back ->
        [one] { $back } rato
       *[other] { $back } ratos
    }
felix-pass-paid = Passar e receber { $amount ->
        [one] { $amount } rato
       *[other] { $amount } ratos
    } da carta de { $card } moedas
felix-pass-back-paid = Passar, receber de volta { $back ->
        [one] { $back } rato
       *[other] { $back } ratos
    } e receber { $amount ->
        [one] { $amount } rato
       *[other] { $amount } ratos
    } da carta de { $card } moedas
felix-buy-for-one = Comprar os gatos por 1 rato
felix-decline-buy = Passar também (as cartas da fila são removidas de jogo)

## Escolhas.
felix-which-card = Que carta coloca de face para baixo?
felix-pass-or-bid = Licita ou passa?
felix-choose-bid = Licitar
felix-how-much = Quantos ratos licita ao todo?
felix-buy-or-decline = Todos os outros passaram sem licitar. Compra os gatos por 1 rato?
